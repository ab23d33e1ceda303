# One quantization benchmark: each precision loads its model anew inside the loop (`device_map` handed through a
# dict of keyword arguments) and times one `generate`: every row is a cold first call of a fresh model.
import time

import torch
from transformers import AutoModelForCausalLM, AutoTokenizer


def perplexity(model, ids):
    with torch.no_grad():
        return torch.exp(model(ids, labels=ids).loss).item()


def run(name, device):
    tokenizer = AutoTokenizer.from_pretrained(name)
    precisions = ["fp32", "fp16"]
    if device == "cuda":
        precisions += ["int8"]
    results = []
    for precision in precisions:
        kwargs = {"device_map": "auto"}
        if precision == "fp16":
            kwargs["torch_dtype"] = torch.float16
        elif precision == "int8":
            kwargs["load_in_8bit"] = True
        model = AutoModelForCausalLM.from_pretrained(name, **kwargs)
        if device == "mps":
            model = model.to("mps")
        inputs = tokenizer("The quick brown fox", return_tensors="pt").to(model.device)
        start = time.time()
        with torch.no_grad():
            model.generate(**inputs, max_new_tokens=32)  # expect: WP103
        torch.cuda.synchronize()
        latency = (time.time() - start) / 32
        results.append((precision, latency, perplexity(model, inputs["input_ids"])))
    return results


if __name__ == "__main__":
    print(run("facebook/opt-125m", "cuda" if torch.cuda.is_available() else "cpu"))
