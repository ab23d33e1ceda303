"""The same model in torch: `Stream.record_event(event)` records and returns the event, so the names it is assigned
to are the region's events, read by `elapsed_time`; the model's first forward is timed between them."""

import torch

model = torch.nn.Sequential(torch.nn.Linear(1024, 4096), torch.nn.GELU(), torch.nn.Linear(4096, 1024)).cuda()
batch = torch.randn(64, 1024, device="cuda")
side = torch.cuda.Stream()
with torch.cuda.stream(side):
    t_start = side.record_event(torch.cuda.Event(enable_timing=True))
    out = model(batch)  # expect: WP103
    t_stop = side.record_event(torch.cuda.Event(enable_timing=True))
t_stop.synchronize()
print(f"forward {t_start.elapsed_time(t_stop):.3f} ms")
