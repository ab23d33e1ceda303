"""An allocator flush after every event-timed sample of a model the linter cannot place (WP104): the model comes from
a project module it cannot read and is moved to a device chosen at run time, so nothing marks `model.generate` as
GPU work; but the CUDA events around it time device work, and the result it returns is memory it takes, which the
flush hands back to the driver before the next sample. Silent twin: the same loop with the flush after the loop."""
import torch
import torch.distributed as dist

from my_serving_models import load_decoder

model = load_decoder("small").to(dist.get_rank()).eval()
prompt = torch.randint(0, 32000, (1, 512)).to(dist.get_rank())
with torch.no_grad():
    model.generate(prompt, max_new_tokens=4)

first_token_ms = []
for _ in range(10):
    begin = torch.cuda.Event(enable_timing=True)
    finish = torch.cuda.Event(enable_timing=True)
    begin.record()
    with torch.no_grad():
        out = model.generate(prompt, max_new_tokens=1)
    finish.record()
    torch.cuda.synchronize()
    first_token_ms.append(begin.elapsed_time(finish))
    torch.cuda.empty_cache()  # opt-in: WP104
print("ttft ms: median", sorted(first_token_ms)[5], "min", min(first_token_ms))

kept_ms = []
for _ in range(10):
    begin = torch.cuda.Event(enable_timing=True)
    finish = torch.cuda.Event(enable_timing=True)
    begin.record()
    with torch.no_grad():
        out = model.generate(prompt, max_new_tokens=1)
    finish.record()
    torch.cuda.synchronize()
    kept_ms.append(begin.elapsed_time(finish))
torch.cuda.empty_cache()
print("ttft ms: median", sorted(kept_ms)[5], "min", min(kept_ms))
