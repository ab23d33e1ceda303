# The same run capped at MAX_STEPS = 5000 steps: a long run, where the first step's start-up is a small share of
# the rate printed; a run's wall time, not a few-step benchmark.
import time

import torch

MAX_STEPS = 5000
NUM_EPOCHS = 1


def train_step(model, batch, optimizer, device):
    x = batch.to(device)
    loss = model(x).pow(2).mean()
    loss.backward()
    optimizer.step()
    optimizer.zero_grad()
    return loss.item()


def main():
    device = torch.device("cuda")
    model = torch.nn.Linear(1024, 1024).to(device)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    loader = torch.utils.data.DataLoader(torch.randn(4096, 1024), batch_size=8)
    global_step = 0
    for epoch in range(NUM_EPOCHS):
        start_time = time.time()
        for batch in loader:
            if global_step >= MAX_STEPS:
                break
            loss = train_step(model, batch, optimizer, device)
            global_step += 1
            elapsed = time.time() - start_time
            print(f"step {global_step} loss {loss:.4f} {global_step * 8 / elapsed:.1f} samples/s")


if __name__ == "__main__":
    main()
