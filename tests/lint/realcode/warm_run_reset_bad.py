"""Near warm_run_reset_silent.py: the experiment function's first run is also its first measured one (no run before
the harness, or a run whose time is kept in the totals, as here: nothing resets them): the cold first sample is averaged in."""

import torch
from harness import measure


def main(n_runs=20):
    a = torch.randn(16384, 16384, device="cuda")
    totals = {"ms": 0.0}
    start = torch.cuda.Event(enable_timing=True)
    stop = torch.cuda.Event(enable_timing=True)

    def one_run():
        start.record()
        out = a @ a  # expect: WP103
        stop.record()
        stop.synchronize()
        totals["ms"] += start.elapsed_time(stop)
        return out

    one_run()
    wall = measure(one_run)
    print("mm ms", totals["ms"] / n_runs, wall)


main()
