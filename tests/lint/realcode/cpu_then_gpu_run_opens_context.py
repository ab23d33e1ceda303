"""A helper that times a whole training run on the device it is handed, called for the CPU and then for the GPU, the
two figures compared ("GPU is N% faster"): nothing used the GPU before, so the GPU run creates the CUDA context (and
loads cuBLAS) inside its clock, a cost the CPU figure does not carry (twentieth session, set 92). Reported at the call
inside the clock whose body first names the GPU."""
import time

import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(256, 10)

    def forward(self, x):
        return self.fc(x)


def train(device, epochs=20, batches=50):
    model = Net().to(device)
    criterion = nn.CrossEntropyLoss()
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    for _ in range(epochs):
        for _ in range(batches):
            x = torch.randn(64, 256).to(device)
            y = torch.randint(0, 10, (64,)).to(device)
            loss = criterion(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()


def time_training(device):
    start = time.time()
    train(device)  # expect: WP103
    return time.time() - start  # expect-extra: WP102


cpu_time = time_training("cpu")
gpu_time = time_training("cuda")
print(f"GPU is {(cpu_time / gpu_time - 1) * 100:.1f}% faster than CPU")
