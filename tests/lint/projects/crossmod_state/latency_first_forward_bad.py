"""The model loaded on the GPU by the project's loader (loader.py) is handed to the project's timing helper
(measure.py), whose one timed forward is the model's first: cuBLAS start-up and kernel loading are in the latency
printed (crossmod: the first-run walk carries the model across both modules; the form of set 169)."""
from loader import load_model
from measure import time_forward

model = load_model()
latency, shape = time_forward(model, 8)  # expect: WP103
print(f"latency {latency * 1e3:.2f} ms for {shape}")
