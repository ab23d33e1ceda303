import torch

from sampling.pick import pick


def sample_loop(model, ids, n):
    """Waits for the device every token (`pick` reads the token on the host), then appends it."""
    while ids.shape[1] < n:
        probs = model(ids).softmax(-1)[:, -1]
        nxt = pick(probs)
        ids = torch.cat((ids, nxt), dim=1)
    return ids


def greedy_loop(model, ids, n):
    """Never waits: the next token stays on the device."""
    while ids.shape[1] < n:
        nxt = model(ids)[:, -1].argmax(-1, keepdim=True)
        ids = torch.cat((ids, nxt), dim=1)
    return ids
