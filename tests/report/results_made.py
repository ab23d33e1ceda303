"""Results of every kind, made in code with seeded noise and the shapes real runs have (an H200 environment, NVML
samples as columns, a harness floor, pilots, phases, two ranks), for the HTML tests. ``name`` goes everywhere a
user string can go, so a hostile name reaches every place the page prints one."""

from __future__ import annotations

import random

from wprof.benchmark.compare import compare_results
from wprof.benchmark.sweep import add_throughput, compare_sweeps
from wprof.results.sweep import SweepPoint, SweepResult
from wprof.loop.result import Finding, LoopResult
from wprof.results import BenchResult, Warmup
from wprof.results.bench import sections_from_extra
from wprof.results.bench_checks import CrossCheck, Kernels, Power
from wprof.stats import Warning_, quality_warnings, summarize

ENV = {"hostname": "gpu-node", "platform": "Linux", "python": "3.12.3", "torch": "2.11.0", "cuda_runtime": "12.8",
       "device": {"name": "NVIDIA H200", "compute_capability": "9.0", "sm_count": 132, "l2_cache_bytes": 60 * 2**20,
                  "driver": "570.124.06"}}


def telemetry(n: int, seed: int, *, power_w: float = 420.0, sag: bool = False) -> dict:
    rnd = random.Random(seed)
    t0 = 10_000_000_000
    cols = {"t_ns": [t0 + int(i * 50e6) for i in range(n)],
            "power_w": [power_w + rnd.gauss(0, 12) + (200 if sag and i > n // 2 else 0) for i in range(n)],
            "sm_clock_mhz": [1980 - (165 if sag and i > n // 2 else 0) for i in range(n)],
            "mem_clock_mhz": [3201] * n, "gpu_util_pct": [min(100, 92 + rnd.randint(0, 8)) for _ in range(n)],
            "mem_util_pct": [40] * n, "temperature_c": [38 + i * 0.05 for i in range(n)],
            "memory_used_mib": [20480] * n,
            "reasons_mask": [(4 if sag and i > n // 2 else 0) for i in range(n)]}
    metrics = {k: {"mean": sum(v) / n, "min": min(v), "max": max(v), "n": n} for k, v in cols.items()
               if k not in ("t_ns", "reasons_mask")}
    return {"schema": "wprof.monitor/1", "available": True, "interval_s": 0.05, "n_samples": n,
            "device": {"name": "NVIDIA H200", "power_limit_w": 700.0, "max_sm_clock_mhz": 1980.0},
            "metrics": metrics, "reasons_fraction": {"sw_power_cap": 0.5} if sag else {},
            "throttled_fraction": 0.5 if sag else 0.0, "throttled_intervals_ns": [], "samples": cols}


def bench(name: str = "mm", median_us: float = 175.4, seed: int = 1, n: int = 400) -> BenchResult:
    rnd = random.Random(seed)
    samples = tuple(median_us / 1e3 * (1 + abs(rnd.gauss(0, 0.004))) for _ in range(n))
    s = summarize(samples)
    extra = {"headline": "device", "method": "graph", "device_ms": s.median, "eager_ms": s.median * 1.06,
             "isolated": {"isolated_ms": s.median * 1.002, "single_in_pair_ms": s.median * 1.01,
                          "empty_pair_ms": 0.0021, "how": "pre-queued"},
             "isolated_ms": s.median * 1.002,
             "floor": {"per_call_ms": 0.0064, "prequeued_ms": 0.0041, "device_ms": 0.0016, "pair_ms": 0.0021,
                       "method": "device", "floor_ms": 0.0016},
             "pilot": {"eager_samples_ms": [s.median * 1.06 * (1 + abs(rnd.gauss(0, 0.01))) for _ in range(40)]},
             "decision": {"headline": "device", "launch_bound": False,
                          "reason": "back to back is valid: the pre-queued wait held"},
             "cache": {"policy": "warm", "applied": True}, "host_enqueue_ms": 0.0071,
             "telemetry": telemetry(24, seed), "notices": [f"note about {name}"],
             "next_step": f"Next (ncu): what limits {name}?\n  $ wprof ncu -- x.py"}
    warnings = tuple(quality_warnings(samples, s)) + (Warning_("aggregate-mode", f"{name}: means of 2 calls"),)
    return BenchResult(name=name, clock="cuda-events", mode="graph", samples_ms=samples, summary=s,
                       warmup=Warmup(12, 30.5, 410.0, "count=10 and time>=25 ms"), calls_per_sample=2,
                       stop_reason="precision: 95% CI of the median within ±0.10%", warnings=warnings, env=dict(ENV),
                       config={"mode": "auto", "budget_s": 1.0}, **sections_from_extra(extra),
                       kernels=Kernels.from_dict({"available": True, "ops_per_call": 2.0, "sum_ms": s.median * 0.99,
                                                  "kernel_sum_ms": s.median * 0.99, "busy_ms": s.median * 0.99,
                                                  "rows": [{"name": f"sm90_gemm<{name}>", "kind": "kernel",
                                                            "per_call": 1.0, "ms_per_call": s.median * 0.97},
                                                           {"name": "memset", "kind": "memset", "per_call": 1.0,
                                                            "ms_per_call": s.median * 0.02}]}),
                       crosscheck=CrossCheck.from_dict({"done": True, "agree": True, "wall_ms": s.median * 1.012}),
                       power=Power.from_dict({"sustained_ms": s.median, "cool_ms": s.median * 0.995}),
                       target=f"bench_ops.py:{name}",
                       created_utc="2026-11-30T13:00:00Z", wprof_version="0.1.0")


def loop(name: str = "train_mlp") -> LoopResult:
    rnd = random.Random(7)
    n = 40
    index = tuple(range(5, 5 + n))
    data = tuple(1.1 + abs(rnd.gauss(0, 0.15)) + (2.5 if i % 10 == 0 else 0.0) for i in range(n))
    fwd = tuple(2.1 + rnd.gauss(0, 0.03) for _ in range(n))
    bwd = tuple(4.3 + rnd.gauss(0, 0.05) for _ in range(n))
    opt = tuple(0.9 + rnd.gauss(0, 0.02) for _ in range(n))
    it = tuple(a + b + c + 0.2 for a, b, c in zip(fwd, bwd, opt))
    step = tuple(x + d for x, d in zip(it, data))
    tel = telemetry(int(sum(step) / 50) + 2, 3, power_w=380.0)
    tel["samples"]["t_ns"] = [t - 20_000_000 for t in tel["samples"]["t_ns"]]
    return LoopResult(
        name=name, mode="events", clocks={"iter_ms": "cuda-events", "data_ms": "host", "step_ms": "cuda-events",
                                          "fps": "cuda-events"},
        status="complete", window=(5, 45), index=index, iter_ms=it, data_ms=data, step_ms=step, global_batch_size=64,
        warmup={"iterations": 5, "step_ms": 1900.0, "data_ms": 8.0, "first_step_ms": 1850.0,
                "reason": "5 iterations (default)"},
        phases={"forward": fwd, "backward": bwd, "optimizer": opt}, telemetry=tel,
        mfu={"mfu": 0.081, "flops_per_step": 6.4e11, "flops_source": "counted", "step_ms_median": 8.9,
             "achieved_flops": 8.0e13, "peak": {"flops": 989.5e12, "dtype": "bf16", "device_name": "NVIDIA H200",
                                               "source": "table"}, "dtype_assumed": False},
        distributed={"world_size": 2, "by": "step_ms_median", "ranks": [
            {"rank": 0, "n": n, "iter_ms_median": 7.5, "data_ms_median": 1.2, "step_ms_median": 8.8},
            {"rank": 1, "n": n, "iter_ms_median": 7.6, "data_ms_median": 2.9, "step_ms_median": 10.4}],
            "slowest_rank": 1, "slowest_ms": 10.4, "fastest_rank": 0, "fastest_ms": 8.8, "spread": 0.18},
        rank=0, world_size=2,
        findings=(Finding("data-bound", f"{name}: data loading takes 14% of the step (1.2 ms of 8.8 ms).",
                          {"data_ms_median": 1.2, "step_ms_median": 8.8, "ratio": 0.14, "threshold": 0.1},
                          "raise num_workers"),),
        warnings=(Warning_("high-spread", "data_ms IQR is 20% of the median", "look at the loader"),),
        notes=(f"memory snapshot of {name}",), timing={"host_step_ms": {"median": 8.7}, "window_t0_ns": 10_000_000_000},
        artifacts={"json": f"wprof-results/{name}.json"},
        top_ops=({"name": f"aten::mm <{name}>", "kind": "op", "calls": 120, "self_device_ms": 80.1,
                  "device_total_ms": 80.1, "self_cpu_ms": 3.2, "cpu_total_ms": 3.5},),
        next_step=f"Next (nsys): which kernels run in {name}?\n  $ wprof nsys -- {name}.py",
        config={"warmup": 5, "iters": 40}, env=dict(ENV), created_utc="2026-11-30T13:00:00Z", wprof_version="0.1.0")


def compare(name: str = "mm") -> object:
    return compare_results(bench(name, 175.4, seed=1), bench(name + "_new", 171.0, seed=2))


def sweep(name: str = "matmul", seed: int = 0, speed: float = 1.0) -> SweepResult:
    points = []
    for n in (1024, 2048, 4096, 8192):
        for dt in ("bf16", "fp16"):
            flops = 2 * n**3
            t_ms = flops / (min(650e12, 0.9e9 * n**1.5) * speed) * 1e3
            r = bench(f"{name}[n={n}, dtype={dt}]", t_ms * 1e3, seed=seed + n + len(dt), n=60)
            r = add_throughput(r, lambda: None, None, {"flops": flops, "bytes": 3 * n * n * 2}, {"n": n, "dtype": dt})
            points.append(SweepPoint(params={"n": n, "dtype": dt}, result=r))
    points.append(SweepPoint(params={"n": 16384, "dtype": "bf16"}, error=f"{name} raised: CUDA out of memory"))
    return SweepResult(name=name, target=f"bench_ops.py:{name}", axes={"n": [1024, 2048, 4096, 8192, 16384],
                                                                     "dtype": ["bf16", "fp16"]},
                       points=tuple(points), env=dict(ENV), config={"budget_s": 1.0},
                       created_utc="2026-11-30T13:00:00Z", wprof_version="0.1.0")


def sweep_compare(name: str = "matmul") -> object:
    return compare_sweeps(sweep(name), sweep(name, seed=5, speed=1.04))
