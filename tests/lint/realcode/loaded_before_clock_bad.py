import time

from llama_cpp import Llama

llm = Llama(model_path="./model.gguf", n_ctx=2048, n_gpu_layers=-1)
start = time.time()
output = llm("Who are you?", max_tokens=256)  # expect: WP103
print(output["choices"][0]["text"])
print(f"Elapsed time: {time.time() - start:.2f} s")
