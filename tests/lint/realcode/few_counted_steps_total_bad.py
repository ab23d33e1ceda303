# Eleven training steps (the enumerate index capped by `if i >= 10: break`) timed as one total from the very first
# step of a fresh model: the cold first step (cuBLAS start-up, the optimizer's state, allocator growth) is about a
# tenth of the printed time.
import time

import torch


def main():
    model = torch.nn.Sequential(*[torch.nn.Linear(2048, 2048) for _ in range(8)]).cuda()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    loader = torch.utils.data.DataLoader(torch.randn(1000, 2048), batch_size=16)
    start_time = time.time()
    for i, batch in enumerate(loader):
        if i >= 10:
            break
        optimizer.zero_grad()
        loss = model(batch.cuda()).mean()  # expect: WP103
        loss.backward()
        optimizer.step()
    torch.cuda.synchronize()
    print(f"Time: {time.time() - start_time:.4f}s")


if __name__ == "__main__":
    main()
