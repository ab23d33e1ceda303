"""A selection by a boolean mask on the GPU waits (audit 30): `frame.loc[cp.logical_and(a > lo, b == k)]`,
`x[(x > 0) & (x < 1)]`: the number of selected rows sizes the result, so it is read on the host before the call
returns, and a clock read after it covers the work. Reported: the same filter by an integer index (a gather)."""
from timeit import default_timer as timer

import cudf
import cupy as cp

frame = cudf.DataFrame({"t": cp.arange(1_000_000), "site": cp.arange(1_000_000) % 97})
vals = cp.random.rand(1_000_000)
idx = cp.arange(0, 1_000_000, 7)

t0 = timer()
frame["hour"] = frame["t"] // 3600
week = frame.loc[cp.logical_and(frame["t"] > 3600, frame["site"] == 5)]  # expect-extra: WP103
filter_s = timer() - t0

t0 = timer()
inside = vals[(vals > 0.25) & (vals < 0.75)]
band_s = timer() - t0

t0 = timer()
picked = vals[idx] * 2.0  # expect: WP103
gather_s = timer() - t0  # expect: WP102
print(filter_s, band_s, gather_s, len(week), inside.size, picked.size)
