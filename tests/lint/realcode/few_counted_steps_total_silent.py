# The same loop capped at a thousand steps: a run, its total a run's wall time where the cold first step is a
# small share; silent.
import time

import torch


def main():
    model = torch.nn.Sequential(*[torch.nn.Linear(2048, 2048) for _ in range(8)]).cuda()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    loader = torch.utils.data.DataLoader(torch.randn(1000, 2048), batch_size=16)
    start_time = time.time()
    for i, batch in enumerate(loader):
        if i >= 1000:
            break
        optimizer.zero_grad()
        loss = model(batch.cuda()).mean()
        loss.backward()
        optimizer.step()
    torch.cuda.synchronize()
    print(f"Time: {time.time() - start_time:.4f}s")


if __name__ == "__main__":
    main()
