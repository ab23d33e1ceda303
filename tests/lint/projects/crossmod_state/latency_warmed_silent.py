"""Near miss of latency_first_forward_bad.py: a first call of the helper, its measurement thrown away, warms the
model before the call whose latency is printed."""
from loader import load_model
from measure import time_forward

model = load_model()
time_forward(model, 8)
latency, shape = time_forward(model, 8)
print(f"latency {latency * 1e3:.2f} ms for {shape}")
