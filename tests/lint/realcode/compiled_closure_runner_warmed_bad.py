# The same closure handed to the timer, but the measuring function runs once, so its one sample is the compile.
import torch

model = torch.nn.Linear(256, 256).cuda()
model = torch.compile(model)


def gpu_ms(fn):
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    fn()
    end.record()
    torch.cuda.synchronize()
    return start.elapsed_time(end)


def measure(x):
    def step():
        with torch.no_grad():
            model(x)

    return gpu_ms(step)  # expect: WP112


def main():
    x = torch.randn(64, 256, device="cuda")
    runs = [measure(x)]
    print(sum(runs) / len(runs))


main()
