"""A distributed set-up helper of the project: it hands back the accelerator as the device (set 105, microddp)."""
import os

import torch
import torch.distributed as dist


def init_distributed():
    rank = int(os.environ["RANK"])
    world_size = int(os.environ["WORLD_SIZE"])
    acc = torch.accelerator.current_accelerator()
    dist.init_process_group(torch.distributed.get_default_backend_for_device(acc), rank=rank, world_size=world_size)
    return rank, world_size, acc


def init_host():
    rank = int(os.environ["RANK"])
    return rank, torch.device("cpu")
