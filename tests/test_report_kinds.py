"""Every result kind in the registry (results.registry.KINDS) resolves to a class and a renderer that works."""

import importlib

from wprof import report, results


def test_every_kind_has_a_class_and_a_renderer():
    from wprof.results import registry

    assert set(registry.KINDS) >= {"wprof.bench", "wprof.loop", "wprof.compare", "wprof.ncu"}
    for kind in registry.KINDS.values():
        assert kind.version in kind.reads, kind
        cls = registry.result_class(kind)
        assert hasattr(cls, "from_dict") and hasattr(cls, "to_dict"), kind
        assert callable(registry.renderer(kind).blocks), kind
        assert importlib.import_module(cls.__module__).__name__.startswith("wprof.results."), kind


def _text(result):
    import io

    buf = io.StringIO()
    report.render(result, report.make_console(file=buf, width=200))
    return buf.getvalue()


def _bench(**kw):
    from wprof.results import BenchResult, Warmup
    from wprof.stats import summarize

    samples = tuple(1.0 + 0.01 * i for i in range(12))
    base = dict(name="x", clock="host", mode="per-call", samples_ms=samples, summary=summarize(samples),
                warmup=Warmup(3, 1.5, 0.7, "count"), env={"device": None})
    base.update(kw)
    return BenchResult(**base)


def test_bench_names_and_stop_reason_with_brackets_print_verbatim():
    # --stmt "x[i]" names the result "x[i]"; rich markup must neither eat "[i]" nor crash on "[/i]"
    assert "wprof bench: x[i]" in _text(_bench(name="x[i]"))
    assert "wprof bench: a[/i]" in _text(_bench(name="a[/i]"))
    assert "stop: [b]budget[/b]" in _text(_bench(stop_reason="[b]budget[/b]"))


def _loop(**kw):
    from wprof.loop.result import LoopResult

    base = dict(name="r", mode="events", clocks={"iter_ms": "cuda-events", "data_ms": "host", "step_ms": "cuda-events"},
                status="complete", window=(2, 6), index=(2, 3, 4, 5), iter_ms=(10.0, 11.0, 10.5, 10.0),
                data_ms=(1.0, 1.5, 1.0, 2.0), step_ms=(12.0, 12.5, 11.5, 12.0), global_batch_size=32,
                telemetry={"available": False}, timing={"host_step_ms": {"median": 11.0}})
    base.update(kw)
    return LoopResult(**base)


def test_loop_host_step_line_has_one_unit_and_bracket_names_survive():
    text = _text(_loop())
    assert "host boundary-to-boundary step: median 11 ms (host clock" in text  # not "11 ms ms"
    assert "wprof loop: train[/i]" in _text(_loop(name="train[/i]"))


def test_bench_next_step_is_not_prefixed_twice():
    text = _text(_bench(next_step="Next (nsys): Which kernels run?\n  $ wprof nsys -- x.py"))
    assert "Next (nsys): Which kernels run?" in text and "next: Next" not in text
