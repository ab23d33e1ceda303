"""Set 25 class 1: the model reaches the timed call through a helper, and its first call is timed: a model returned
by a loader function of the file that puts it on the GPU (`.to("cuda")`, `device_map=...`, or `model.to(device)`
in place), a timing function handed a freshly loaded model on each call (`timed(load(dt), ids)` or `model, tok =
load(prec)` in the same loop iteration), and a class timing its own `self.model` loaded with
`from_pretrained(..., device_map="auto").eval()` (all WP103). Silent: the fresh model run once before the timing
function is called, a loader that runs the model before returning it, and a loader the file never shows on the GPU."""

import time

import torch
from transformers import AutoModelForCausalLM


def load(dtype=torch.float16):
    return AutoModelForCausalLM.from_pretrained("m", torch_dtype=dtype).to("cuda")


def load_pair(name):
    model = AutoModelForCausalLM.from_pretrained(name)
    device = "cuda" if torch.cuda.is_available() else "cpu"
    model.to(device)
    return model, device


def load_checked(name):
    model = AutoModelForCausalLM.from_pretrained(name).to("cuda")
    model.generate(torch.ones(1, 4, dtype=torch.long, device="cuda"), max_new_tokens=2)
    return model


def load_plain(name):
    return AutoModelForCausalLM.from_pretrained(name)


def timed(model, ids):
    torch.cuda.synchronize()
    start = time.perf_counter()
    model.generate(ids, max_new_tokens=128)  # expect: WP103
    torch.cuda.synchronize()
    return time.perf_counter() - start


def timed_after_check(model, ids):
    torch.cuda.synchronize()
    start = time.perf_counter()
    model.generate(ids, max_new_tokens=128)
    torch.cuda.synchronize()
    return time.perf_counter() - start


def timed_plain(model, ids):
    torch.cuda.synchronize()
    start = time.perf_counter()
    model.generate(ids, max_new_tokens=128)
    torch.cuda.synchronize()
    return time.perf_counter() - start


class Speed:
    def __init__(self, name):
        self.model = AutoModelForCausalLM.from_pretrained(name, device_map="auto").eval()

    def run(self, ids):
        torch.cuda.synchronize()
        start = time.perf_counter()
        self.model.generate(ids, max_new_tokens=64)  # expect: WP103
        torch.cuda.synchronize()
        return time.perf_counter() - start


def main():
    ids = torch.ones(1, 8, dtype=torch.long, device="cuda")
    single = load()
    torch.cuda.synchronize()
    start = time.perf_counter()
    single.generate(ids, max_new_tokens=32)  # expect: WP103
    torch.cuda.synchronize()
    print(time.perf_counter() - start)
    for dt in (torch.float16, torch.bfloat16):
        print(dt, timed(load(dt), ids))
    for name in ("a", "b"):
        model, device = load_pair(name)
        model.generate(ids, max_new_tokens=1)
        print(name, timed_after_check(model, ids))
        plain = load_plain(name)
        print(name, timed_plain(plain, ids))
    print(Speed("c").run(ids))
    checked = load_checked("d")
    torch.cuda.synchronize()
    start = time.perf_counter()
    checked.generate(ids, max_new_tokens=32)
    torch.cuda.synchronize()
    print(time.perf_counter() - start)
    for name in ("e", "f"):
        print(name, timed_plain(load_checked(name), ids))


if __name__ == "__main__":
    main()
