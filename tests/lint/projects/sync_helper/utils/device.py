import torch


def wait_for_gpu():
    if torch.cuda.is_available():
        torch.cuda.synchronize()


def report(step, value):
    print(f"step {step}: {value}")
