"""A library module (definitions only): its functions are called by code the linter does not see, which warms
them up or not; an optional timing inside one is not a missing warmup."""
import torch


def sample(logits, temperature=1.0):
    return torch.multinomial(torch.softmax(logits / temperature, dim=-1), 1)


def decode(model, tokens, steps, enable_timing=False):
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    if enable_timing:
        start.record()
    for _ in range(steps):
        logits = model(tokens)[:, -1]
        tokens = torch.cat([tokens, sample(logits)], dim=1)
    if enable_timing:
        end.record()
        torch.cuda.synchronize()
        print(f"decode {start.elapsed_time(end):.0f} ms")
    return tokens
