"""Audit 36 classes, the variants that still leave device work unwaited: work queued after the checkpoint is
written, a checkpoint handed to `async_save` (it returns before the copy is done), and an RPC whose futures are never
waited while the local step runs on the GPU (WP102)."""
import time

import torch
import torch.distributed.checkpoint as ckpt
import torch.distributed.rpc as rpc


def save_then_step(net, opt, batch, root):
    began = time.perf_counter()
    ckpt.save({"net": net.state_dict()}, checkpoint_id=root)
    net(batch).square().mean().backward()
    opt.step()
    print("save and step", time.perf_counter() - began)  # expect: WP102


def step_then_async_save(net, opt, batch, root):
    began = time.perf_counter()
    net(batch).square().mean().backward()
    opt.step()
    later = ckpt.async_save({"net": net.state_dict()}, checkpoint_id=root)
    print("step and async save", time.perf_counter() - began)  # expect: WP102
    return later


def fire_and_step(names, net, batch):
    began = time.perf_counter()
    pending = [rpc.rpc_async(n, torch.ones, args=(4,)) for n in names]
    out = net(batch).relu()
    print("fired", len(pending), time.perf_counter() - began)  # expect: WP102
    return out, pending


net = torch.nn.Linear(32, 32).cuda()
opt = torch.optim.AdamW(net.parameters())
x = torch.randn(16, 32, device="cuda")
net(x)
save_then_step(net, opt, x, "/tmp/run")
step_then_async_save(net, opt, x, "/tmp/run")
fire_and_step(["w1"], net, x)
