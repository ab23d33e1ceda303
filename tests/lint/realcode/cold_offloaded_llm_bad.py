"""WP103 class (a local LLM whose layers are offloaded to the GPU, one generation timed right after loading, the
figure turned into tokens per second): llama.cpp runs on the CPU unless told to offload layers (``n_gpu_layers``
nonzero, ``-1`` for all). The first completion of each freshly loaded model pays the CUDA start-up, the weights'
upload and the kernels' first loads, and it is the only sample. A hosted API client bound to the same name before
(`llm = RemoteChat(...)`) is no GPU work."""

import time

from langchain_community.llms import LlamaCpp
from llama_cpp import Llama

from remote_api import RemoteChat

OFFLOAD = 32
PROMPT = "tell me a long story about a lighthouse"

llm = RemoteChat(model="big-hosted-model")
t0 = time.perf_counter()
reply = llm.invoke(PROMPT)
hosted = time.perf_counter() - t0
print("hosted tokens/s:", len(reply.split()) / hosted)

llm = LlamaCpp(model_path="weights/small-q5.gguf", n_ctx=2048, n_gpu_layers=OFFLOAD)
t0 = time.perf_counter()
reply = llm.invoke(PROMPT)  # expect: WP103
local = time.perf_counter() - t0
print("local tokens/s:", len(reply.split()) / local)

engine = Llama("weights/other-q4.gguf", n_gpu_layers=-1)
start = time.perf_counter()
out = engine.create_completion(PROMPT, max_tokens=256)  # expect: WP103
elapsed = time.perf_counter() - start
print("tokens/s:", out["usage"]["completion_tokens"] / elapsed)
