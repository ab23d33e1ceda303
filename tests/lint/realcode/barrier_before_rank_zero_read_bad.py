"""Set 46 class, the variant that is reported: the barrier runs every few steps, but rank 0 reads the clock after
every step, outside the barrier's block: the other readings come while the step's kernels are queued."""
import time

import torch
import torch.distributed as dist


def fit(net, opt, make_batch, steps, report_every):
    dist.init_process_group("nccl")
    rank = dist.get_rank()
    device = torch.device("cuda", rank)
    net.to(device)
    step = 0
    while step < steps:
        began = time.perf_counter()
        tokens = make_batch(64, 256).to(device, non_blocking=True)
        logits = net(tokens[:, :-1])
        loss = torch.nn.functional.cross_entropy(logits.flatten(0, 1), tokens[:, 1:].flatten())
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        step += 1
        if step % report_every == 0:
            dist.barrier()
        if rank == 0:
            spent = time.perf_counter() - began  # expect: WP102
            print(f"step {step}/{steps}: {spent * 1e3:.1f} ms")
    dist.destroy_process_group()
