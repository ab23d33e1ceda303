"""Host batches from a torch `DataLoader`, copied to the GPU in the timed loop: the first `.cuda()` is the script's
first CUDA call and creates the context inside the measurement (WP103). The near miss
(`dali_pipeline_before_loop_silent.py`) builds a DALI pipeline on GPU 0 before the loop."""
import time

import torch
from torch.utils.data import DataLoader, TensorDataset

data = TensorDataset(torch.randn(4096, 3, 32, 32), torch.randint(0, 10, (4096,)))
loader = DataLoader(data, batch_size=128, num_workers=2)

start = time.time()
for images, labels in loader:
    images = images.cuda(non_blocking=True)  # expect: WP103
    labels = labels.cuda(non_blocking=True)
print("epoch of batches", time.time() - start)
