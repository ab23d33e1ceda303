"""A timing helper that takes the model as a parameter (set 13, a course's assisted-generation demo; set 11's
BitNet benchmark is the same class): its first call runs a freshly loaded model cold, the result is kept and
compared with a later, warm call of the same helper. Reported at the first call. Silent: a first call whose result
is thrown away (the warmup), a model run before, a helper called once.
(lint11: `two_models` times a fresh model once: cold, reported at its call site.)"""
import time

import torch
from transformers import AutoModelForCausalLM


def generate_once(model, inputs, max_new_tokens, assistant_model=None):
    start = time.time()
    kwargs = dict(**inputs, max_new_tokens=max_new_tokens)
    if assistant_model is not None:
        kwargs["assistant_model"] = assistant_model
    out = model.generate(**kwargs)
    elapsed = time.time() - start
    return out, elapsed


def compare(inputs):
    target = AutoModelForCausalLM.from_pretrained("big").to("cuda")
    target.eval()
    draft = AutoModelForCausalLM.from_pretrained("small").to("cuda")
    base_ids, base_time = generate_once(target, inputs, 64)  # expect: WP103
    fast_ids, fast_time = generate_once(target, inputs, 64, assistant_model=draft)
    print(base_time / fast_time)


def timed_forward(model, x):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    y = model(x)
    torch.cuda.synchronize()
    return y, time.perf_counter() - t0


def warmed_by_discarded_call(x):
    net = torch.nn.Linear(64, 64).cuda()
    _ = timed_forward(net, x)  # the warmup: its result is thrown away
    y, t = timed_forward(net, x)
    print(t)


def run_before(x):
    net = torch.nn.Linear(64, 64).cuda()
    net(x)
    y1, t1 = timed_forward(net, x)
    y2, t2 = timed_forward(net, x)
    print(t1, t2)


def two_models(x):
    a = torch.nn.Linear(64, 64).cuda()
    b = torch.nn.Linear(64, 64).cuda()
    ya, ta = timed_forward(a, x)  # expect: WP103  (lint11: `a` never ran before: its one sample is cold)
    yb, tb = timed_forward(b, x)
    print(ta, tb)


if __name__ == "__main__":
    compare({})
