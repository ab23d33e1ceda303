"""A benchmark handed each device of a list the script builds ("cpu", then "cuda" where there is a GPU): the model
is moved to the parameter's device and its first generate() is timed, cold, on the GPU run."""
import time

import torch
from transformers import AutoModelForCausalLM, AutoTokenizer


def measure(device_name):
    tok = AutoTokenizer.from_pretrained("distilgpt2")
    model = AutoModelForCausalLM.from_pretrained("distilgpt2").to(device_name)
    inputs = tok("def fib(n):", return_tensors="pt").to(device_name)
    t0 = time.time()
    with torch.no_grad():
        model.generate(**inputs, max_new_tokens=16)  # expect: WP103
    return time.time() - t0


def main():
    devices = ["cpu"]
    if torch.cuda.is_available():
        devices.append("cuda")
    for device_name in devices:
        print(device_name, measure(device_name))


if __name__ == "__main__":
    main()
