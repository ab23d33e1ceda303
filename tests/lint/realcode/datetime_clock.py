"""A host interval read with `datetime.now()` instead of `time.perf_counter()` (set 29): the same host clock, so a
ready-made pipeline put on the GPU and timed on its only call is a cold first call (WP103). Silent: the same clock
around a call made after an untimed one, with a synchronize before the end reading."""

from datetime import datetime

import torch
from transformers import pipeline

gen = pipeline("text-generation", model="some/model", device=0)
begin = datetime.now()
text = gen("Once upon a time", max_new_tokens=16)  # expect: WP103
print("took", datetime.now() - begin, text)

other = pipeline("text-generation", model="some/model", device=0)
other("a test prompt", max_new_tokens=16)
torch.cuda.synchronize()
begin2 = datetime.now()
text2 = other("Once upon a time", max_new_tokens=16)
torch.cuda.synchronize()
print("took", datetime.now() - begin2, text2)
