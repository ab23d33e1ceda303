# timeit.repeat told to take REPETITIONS = 10 samples through a module constant; only their mean is returned.
import timeit

import torch

REPETITIONS = 10


def time_function(func, *args):
    def timer():
        out = func(*args)
        torch.cuda.synchronize()
        return out

    func(*args)
    torch.cuda.synchronize()
    times = timeit.repeat(timer, repeat=REPETITIONS, number=1)
    return sum(times) / len(times)  # expect: WP105


if __name__ == "__main__":
    x = torch.randn(2048, 2048, device="cuda")
    print(time_function(torch.matmul, x, x))
