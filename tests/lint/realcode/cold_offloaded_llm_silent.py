"""WP103, silent near the class of cold_offloaded_llm_bad.py: a llama.cpp model left on the CPU (no
``n_gpu_layers``, or 0), an offloaded one given an untimed completion first, and one timed over several completions
whose first is left out of the figure."""

import statistics
import time

from langchain_community.llms import LlamaCpp
from llama_cpp import Llama

PROMPT = "tell me a long story about a lighthouse"

cpu_llm = LlamaCpp(model_path="weights/small-q5.gguf", n_ctx=2048)
t0 = time.perf_counter()
reply = cpu_llm.invoke(PROMPT)
print("cpu tokens/s:", len(reply.split()) / (time.perf_counter() - t0))

zero = Llama("weights/small-q5.gguf", n_gpu_layers=0)
t0 = time.perf_counter()
out = zero.create_completion(PROMPT, max_tokens=64)
print("cpu tokens/s:", out["usage"]["completion_tokens"] / (time.perf_counter() - t0))

gpu_llm = LlamaCpp(model_path="weights/small-q5.gguf", n_gpu_layers=-1)
gpu_llm.invoke("hello")  # one untimed completion loads the weights and the kernels
t0 = time.perf_counter()
reply = gpu_llm.invoke(PROMPT)
print("gpu tokens/s:", len(reply.split()) / (time.perf_counter() - t0))

engine = Llama("weights/other-q4.gguf", n_gpu_layers=40)
rates = []
for i in range(6):
    start = time.perf_counter()
    out = engine.create_completion(PROMPT, max_tokens=128)
    if i > 0:
        rates.append(out["usage"]["completion_tokens"] / (time.perf_counter() - start))
print("tokens/s:", statistics.median(rates))
