"""Sets 14/16 classes: a freshly loaded model the file put on the GPU, timed once on its first call (tokens/s of a
first `generate`, one detector call): the model runs on the GPU whatever its inputs look like (`model.to(device)`
as a statement, `.to("cuda")` in the chain, `device_map=`), so the cold call is a default finding (WP103). A
`device=` keyword that a diffusers `from_pretrained` ignores does not put the pipeline on the GPU: weak."""

import time

import torch
from diffusers import StableDiffusionPipeline
from transformers import AutoModelForCausalLM, AutoTokenizer
from ultralytics import YOLO

device = torch.device("cuda:0")
tok = AutoTokenizer.from_pretrained("mistral")
model = AutoModelForCausalLM.from_pretrained("mistral", torch_dtype=torch.float16)
model.to(device)
inputs = tok("hello", return_tensors="pt")
start_time = time.time()
out = model.generate(inputs.input_ids, max_new_tokens=500)  # expect: WP103
print((out.shape[1] - inputs.input_ids.shape[1]) / (time.time() - start_time), "tokens/s")

detector = YOLO("yolov8n.pt").to("cuda")
t0 = time.time()
results = detector("frame.jpg")  # expect: WP103
print(f"inference: {time.time() - t0:.3f} s")

pipe = StableDiffusionPipeline.from_pretrained("sd-1.5", device="cuda")
t1 = time.time()
image = pipe("a cat").images[0]  # expect-extra: WP103 (weak evidence)
print(f"{time.time() - t1:.2f} s")
