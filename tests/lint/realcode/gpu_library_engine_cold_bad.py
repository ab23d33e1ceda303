"""A GPU-only engine and a RAPIDS algorithm timed on their first call: neither names a device, both run on the GPU."""
import time

import cugraph
import cudf
from vllm import LLM, SamplingParams

llm = LLM(model="facebook/opt-125m")
params = SamplingParams(max_tokens=64)

start = time.perf_counter()
out = llm.generate(["Tell me a story."], params)  # expect: WP103
print(f"latency {time.perf_counter() - start:.3f} s")

edges = cudf.read_csv("edges.csv", names=["src", "dst"], delimiter=" ")
g = cugraph.Graph()
g.from_cudf_edgelist(edges, source="src", destination="dst")
t0 = time.time()
cugraph.bfs(g, 0)  # expect: WP103
print("bfs", time.time() - t0)
