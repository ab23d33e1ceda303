# The same loop, with one untimed `generate` after each model is loaded: every timed call runs a warm model.
import time

import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

name = "facebook/opt-125m"
tokenizer = AutoTokenizer.from_pretrained(name)
results = []
for precision in ["fp32", "fp16", "int8"]:
    kwargs = {"device_map": "auto"}
    if precision == "fp16":
        kwargs["torch_dtype"] = torch.float16
    model = AutoModelForCausalLM.from_pretrained(name, **kwargs)
    inputs = tokenizer("The quick brown fox", return_tensors="pt").to(model.device)
    model.generate(**inputs, max_new_tokens=4)
    start = time.time()
    with torch.no_grad():
        model.generate(**inputs, max_new_tokens=32)
    torch.cuda.synchronize()
    results.append((precision, (time.time() - start) / 32))
print(results)
