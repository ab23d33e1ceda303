"""Shape: `if __name__ == "__main__": main()`; prints what `python script.py` would set up for it."""
import os
import sys

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    print(f"name {__name__} path0_is_script_dir {os.path.realpath(sys.path[0]) == os.path.realpath(HERE)}")
    print(f"file {os.path.basename(__file__)} argv0 {os.path.basename(sys.argv[0])} cwd {os.path.basename(os.getcwd())}")
    torch.manual_seed(0)
    loader = DataLoader(TensorDataset(torch.randn(60, 3), torch.randn(60, 1)), batch_size=5)
    model = nn.Linear(3, 1)
    optim = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch_idx, (data, target) in enumerate(loader):
        optim.zero_grad()
        loss = nn.functional.mse_loss(model(data), target)
        loss.backward()
        optim.step()
    print(f"last batch {batch_idx} loss {loss.item():.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
