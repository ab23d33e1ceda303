import torch


def pick(probs):
    nxt = torch.multinomial(probs, 1)
    if nxt.item() == 0:  # a host read every token
        raise RuntimeError("empty")
    return nxt
