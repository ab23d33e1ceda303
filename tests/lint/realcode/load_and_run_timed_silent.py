import time

from llama_cpp import Llama

start = time.time()
llm = Llama(model_path="./model.gguf", n_ctx=2048, n_gpu_layers=-1)  # built after the clock started
output = llm("Who are you?", max_tokens=256)
print(output["choices"][0]["text"])
print(f"Elapsed time: {time.time() - start:.2f} s")
