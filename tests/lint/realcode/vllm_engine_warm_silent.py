"""A vLLM offline benchmark (set 207): the engine is built with `LLM(...)`, then one `llm.generate` over the whole
prompt set is timed. vLLM's constructor runs a profiling forward pass on a dummy batch (to size the KV cache) and
warms the model and sampler up (capturing CUDA graphs unless `enforce_eager=True`), so the timed call is not a cold
first call; `generate` returns host strings, so the end read waits. Silent."""
import time

from vllm import LLM, SamplingParams

prompts = [f"Summarize item {i} in one sentence." for i in range(256)]
params = SamplingParams(temperature=0.0, max_tokens=128)
llm = LLM(model="Qwen/Qwen2.5-0.5B-Instruct", gpu_memory_utilization=0.8)

start = time.time()
outputs = llm.generate(prompts, params)
elapsed = time.time() - start
tokens = sum(len(o.outputs[0].token_ids) for o in outputs)
print(f"{tokens / elapsed:.1f} tokens/s over {len(prompts)} prompts")
