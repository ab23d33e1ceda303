"""cuML estimators wait for their own work (audit 30): `fit`, `kneighbors`, `predict` synchronize the estimator's
stream before they return, so a host clock around them covers the work. Reported: a CuPy op after the last
estimator call, which nothing waits for."""
import time

import cupy as cp
from cuml.neighbors import NearestNeighbors

points = cp.random.rand(20000, 32, dtype=cp.float32)
knn = NearestNeighbors(n_neighbors=8)
knn.fit(points[:100])

t0 = time.time()
knn.fit(points)
dist, ids = knn.kneighbors(points)
print("knn", time.time() - t0)

t0 = time.time()
knn.fit(points)
dist, ids = knn.kneighbors(points)
scaled = dist / dist.max(axis=1, keepdims=True)
print("knn+scale", time.time() - t0)  # expect: WP102
