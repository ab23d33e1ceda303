#!/usr/bin/env bash
# One call on the GPU machine: `pytest -m gpu` and the benchmarks, logs under $OUT.
#   scripts/gpu-check.sh [tests] [sigterm] [bench] [bench-gpu] [env] [accuracy] [loop] [demo] [run] [nvtx] [lint] [cold] [jitctx] [dist]   (default: all)
# `dist` needs the nvidia-h200-x2 kind; the rest runs on one GPU.
# Runs from source (PYTHONPATH=src). Everything is written to a work folder and packed into $OUT/gpu-check.tgz, with
# the short summary in $OUT/summary.txt (the device tool returns at most 8 files). Benchmarks see OUT=<work folder>.
set -u
cd "$(dirname "$0")/.."
export PYTHONPATH="$PWD/src${PYTHONPATH:+:$PYTHONPATH}" PYTHONUNBUFFERED=1
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
OUT="${OUT:-/tmp/wprof-gpu-check}"
W="/tmp/wprof-gpu-work"
rm -rf "$W"; mkdir -p "$W" "$OUT"
PY=python3
parts="${*:-tests bench env accuracy loop run nvtx lint dist}"
want() { [[ " $parts " == *" $1 "* ]]; }
log() { echo "== $*" | tee -a "$OUT/summary.txt"; }
step() {  # step NAME TIMEOUT_S CMD...
  local name=$1 t=$2; shift 2
  local t0=$SECONDS
  OUT="$W" timeout "$t" "$@" >"$W/$name.log" 2>&1
  local rc=$?
  log "$name: rc=$rc ($((SECONDS - t0)) s)"
  tail -n 40 "$W/$name.log" >>"$OUT/summary.txt"
}

log "date $(date -u +%FT%TZ)"
nvidia-smi --query-gpu=name,driver_version,power.limit,clocks.max.sm,memory.total --format=csv | tee -a "$OUT/summary.txt"
$PY -c 'import torch, sys; print("python", sys.version.split()[0], "torch", torch.__version__, "cuda", torch.version.cuda)' 2>&1 | tee -a "$OUT/summary.txt"
$PY -c 'import triton; print("triton", triton.__version__)' 2>&1 | tail -1 | tee -a "$OUT/summary.txt"
if [ -d .whl ]; then
  $PY -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl \
    && export PYTHONPATH="$PYTHONPATH:/tmp/site"
fi

if want tests; then
  step pytest-gpu ${PYTEST_GPU_TIMEOUT:-400} $PY -m pytest -q -m gpu -p no:cacheprovider --ignore=tests/gpu/test_nvtx_ncu_gpu.py tests
fi
if want sigterm; then  # SIGTERM inside the window, events mode: result written, death by signal 15 (143)
  step sigterm 60 bash -c "$PY scripts/gpu/sigterm_events.py; echo rc=\$?; $PY -c \"import json; d=json.load(open('$W/sigterm.json')); print(d['mode'], d['status'], d['n'], d['stop_reason'])\""
fi
if want bench; then
  step bench-matmul 120 $PY -m wprof bench examples/bench_ops.py:matmul --param n=4096 --json "$W/bench-matmul.json"
  step bench-add 120 $PY -m wprof bench examples/bench_ops.py:add --json "$W/bench-add.json"
  step report-matmul 60 $PY -m wprof report "$W/bench-matmul.json"
  step bench-add-1k 120 $PY -m wprof bench --setup "import torch; a=torch.randn(1024,device='cuda'); b=torch.randn(1024,device='cuda'); o=torch.empty_like(a)" --stmt "torch.add(a,b,out=o)" --json "$W/bench-add-1k.json"
  step bench-add-cold 120 $PY -m wprof bench examples/bench_ops.py:add --cache cold --json "$W/bench-add-cold.json"
  step compare-add 60 $PY -m wprof compare "$W/bench-add.json" "$W/bench-add-cold.json"
  step template-graph 120 bash -c "$PY -m wprof template graph > /tmp/bench_graph.py && $PY /tmp/bench_graph.py"
fi
if want env; then
  step env-calibrate 180 $PY -m wprof env --calibrate --json "$W/env.json"
  step device-name 60 $PY -c "import torch; from wprof import hardware; n=torch.cuda.get_device_name(); print(repr(n), 'in table:', hardware.lookup(n) is not None)"
fi
# --- sections added by each feature (keep each under its own `if want NAME`) ---
if want bench-gpu; then  # the bench GPU tests alone (issue 11's adversarial callables included), ~40 s
  step bench-gpu 150 $PY -m pytest -q -m gpu -p no:cacheprovider tests/gpu/test_bench_truth_gpu.py \
    tests/gpu/test_bench_gpu.py tests/gpu/test_bench_core_gpu.py
fi
if want accuracy && [ -f benchmarks/accuracy.py ]; then  # 25 callables vs ncu and a synchronized wall, ~4 min
  step accuracy 480 $PY benchmarks/accuracy.py --out "$W"
fi
if want loop || want demo; then  # demo: the gauge's sample output only
  step loop-demo 120 env WPROF="5,30;--dmon;--kineto;--memory;--out=$W/loop-demo" $PY examples/gauge_loop.py
fi
if want loop; then
  step loop-overhead 300 $PY benchmarks/loop_overhead.py ${LOOP_OVERHEAD_ARGS:-}
fi
if want nvtx; then
  step nvtx-ncu 480 env WPROF_GPU_EVIDENCE="$W/nvtx-ncu" $PY -m pytest -q -rA -m gpu -p no:cacheprovider tests/gpu/test_nvtx_ncu_gpu.py
  step nvtx-overhead 120 $PY benchmarks/nvtx_overhead.py --out "$W"
  step ncu-cli 300 $PY -m wprof ncu --warmup 3 --iters 1 -o "$W/ncu-train-mlp" -- examples/train_mlp.py
  step nsys-print 60 $PY -m wprof nsys --warmup 3 --iters 5 -o "$W/nsys-train-mlp" -- examples/train_mlp.py
fi
if want run; then
  step run-gpu 300 $PY -m pytest -q -s -p no:cacheprovider tests/gpu/test_run_gpu.py
  step run-corpus-cuda 120 $PY -m wprof run --warmup 5 --iters 20 --out-dir "$W/run" -- tests/inject/corpus/nanogpt_while.py
  step ctrl-c 120 bash -c "$PY -c 'import wprof, torch
g = wprof.Gauge(warmup=1, iters=20, out_dir=\"$W/ctrlc\", name=\"ctrlc\"); x = torch.ones(1024, 1024, device=\"cuda\")
for i in g.wrap(range(100)):
    x = x @ x * 1e-3
    if i == 5: raise KeyboardInterrupt'; echo \"ctrl-c rc=\$? (expect 130)\"; grep -o '\"status\": \"[a-z]*\"' $W/ctrlc/ctrlc.json"
fi
if want dist; then  # needs 2 GPUs (kind nvidia-h200-x2): one NCCL all-gather of per-rank summaries
  if [ "$($PY -c 'import torch; print(torch.cuda.device_count())')" -ge 2 ]; then
    step nccl 300 $PY -m pytest -q -s -m gpu -k nccl -p no:cacheprovider tests/gpu/test_loop_gpu.py
    step torchrun-nccl 300 $PY -m pytest -q -s -m gpu -k torchrun -p no:cacheprovider tests/gpu/test_run_gpu.py
  else
    log "dist: skipped (fewer than 2 GPUs)"
  fi
fi
if want lint; then
  step lint-speed 120 $PY benchmarks/lint_speed.py
fi
if want cold; then  # the cold excess of first calls (WP103/WP112's evidence), each case a fresh process, ~5 min
  step cold-start 420 $PY benchmarks/cold_start.py --repeat 3 --json "$W/cold_start.json"
fi
if want jitctx; then  # does importing an eager-signature Numba kernel create the CUDA context? (WP103's first-use walk)
  step eager-jit-context 240 $PY benchmarks/eager_jit_context.py --repeat 3 --json "$W/eager_jit_context.json"
fi

tar -czf "$OUT/gpu-check.tgz" -C "$W" .
for f in "$W"/*.md; do [ -f "$f" ] && cp "$f" "$OUT/"; done
echo "done; logs in $OUT/gpu-check.tgz"
