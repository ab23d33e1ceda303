"""A model saved, described or configured before its timed call (`save_pretrained`, `enable_*`, `set_*`) has not
run: none of these calls runs its forward pass, so the timed call is still the first one (the near miss,
`saved_not_warmed_silent.py`, runs each model once before timing it)."""
import time

import torch
from diffusers import StableDiffusionPipeline
from transformers import AutoModel, AutoTokenizer

# 1. a pipeline written to disk, then timed on its one call
sd = StableDiffusionPipeline.from_pretrained("some/sd-checkpoint", torch_dtype=torch.float16)
sd = sd.to("cuda")
sd.save_pretrained("/tmp/sd-copy")
torch.cuda.synchronize()
begin = time.perf_counter()
picture = sd("a lighthouse at dusk", num_inference_steps=25).images[0]  # expect: WP103
torch.cuda.synchronize()
print("one image:", time.perf_counter() - begin)

# 2. an encoder model and its tokenizer saved, then timed on its one forward pass
tok = AutoTokenizer.from_pretrained("some/encoder")
net = AutoModel.from_pretrained("some/encoder").to("cuda").eval()
net.save_pretrained("/tmp/enc-copy")
tok.save_pretrained("/tmp/enc-copy")
enc_in = tok(["one sentence", "another"], return_tensors="pt", padding=True).to("cuda")
torch.cuda.synchronize()
t_fwd = time.perf_counter()
with torch.no_grad():
    hidden = net(**enc_in).last_hidden_state  # expect: WP103
torch.cuda.synchronize()
print("forward ms:", 1e3 * (time.perf_counter() - t_fwd))


# 3. inside a function: a pipeline with its memory switches turned on, then timed once
def time_pipeline(steps):
    pipe = StableDiffusionPipeline.from_pretrained("some/other-checkpoint").to("cuda")
    pipe.enable_attention_slicing()
    pipe.enable_vae_slicing()
    pipe.set_progress_bar_config(disable=True)
    torch.cuda.synchronize()
    t = time.perf_counter()
    pipe("a red bicycle", num_inference_steps=steps)  # expect: WP103
    torch.cuda.synchronize()
    return time.perf_counter() - t


print(time_pipeline(30))
