"""Audit 36 classes: calls that move data between processes or storage return when the data is there. A distributed
checkpoint written or read (`torch.distributed.checkpoint.save`/`load`), a safetensors file written, and a remote
call's result (`rpc_sync`, `fut.wait()` of `rpc_async`, `rref.to_here()`) are no GPU work of their own and wait for
the device values they read; values received over RPC without a device map are host tensors (silent)."""
import time

import torch
import torch.distributed.checkpoint as ckpt
import torch.distributed.rpc as rpc
from safetensors.torch import save_file


def snapshot(net, opt, root):
    began = time.monotonic()
    ckpt.save({"net": net.state_dict(), "opt": opt.state_dict()}, checkpoint_id=root)
    print(f"checkpoint written in {time.monotonic() - began:.1f} s")
    began = time.monotonic()
    ckpt.load({"net": net.state_dict()}, checkpoint_id=root)
    print(f"checkpoint read back in {time.monotonic() - began:.1f} s")


def step_then_save(net, opt, batch, root):
    began = time.perf_counter()
    net(batch).square().mean().backward()
    opt.step()
    save_file(net.state_dict(), root + "/weights.safetensors")  # copies every weight to the host first
    print("step and save", time.perf_counter() - began)


def gather_from_workers(names):
    began = time.perf_counter()
    pending = [rpc.rpc_async(n, torch.ones, args=(64, 64)) for n in names]
    parts = [p.wait() for p in pending]
    stacked = torch.stack(parts).contiguous()
    print("gathered", stacked.shape, time.perf_counter() - began)
    began = time.perf_counter()
    handles = [rpc.remote(n, torch.zeros, args=(8,)) for n in names]
    summed = sum(h.to_here() for h in handles).clone()
    print("summed", summed, time.perf_counter() - began)
    began = time.perf_counter()
    one = rpc.rpc_sync(names[0], torch.arange, args=(16,))
    doubled = one * 2
    print("one call", doubled, time.perf_counter() - began)


net = torch.nn.Linear(32, 32).cuda()
opt = torch.optim.AdamW(net.parameters())
x = torch.randn(16, 32, device="cuda")
net(x).square().mean().backward()
opt.step()
snapshot(net, opt, "/tmp/run")
step_then_save(net, opt, x, "/tmp/run")
