import statistics
import time

import torch
from transformers import AutoModelForCausalLM, AutoTokenizer


def load(device):
    tok = AutoTokenizer.from_pretrained("gpt2")
    model = AutoModelForCausalLM.from_pretrained("gpt2").to(device)
    return model, tok


def run_batch(model, tok, device, n):
    ids = tok(["hello"] * n, return_tensors="pt").to(device)
    start = time.perf_counter()
    with torch.no_grad():
        model.generate(**ids, max_new_tokens=16)  # expect: WP103
    torch.cuda.synchronize()
    latency = time.perf_counter() - start
    return {"latency": latency, "batch": n}


def main():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model, tok = load(device)
    for n in (1, 2, 4):
        lat = []
        for _ in range(3):
            stats = run_batch(model, tok, device, n)
            lat.append(stats["latency"])
        print(n, sum(lat) / len(lat), statistics.stdev(lat))


main()
