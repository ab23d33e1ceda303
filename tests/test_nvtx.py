"""wprof.nvtx: backend choice, the no-op path, annotate forms, and the phase hooks (CPU, recording backends)."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import types

import pytest

import wprof.nvtx as wn
from wprof.errors import ConfigError, MissingDependencyError, UsageError


class Recorder:
    """A backend that records every call (and the thread it came from)."""

    name = "recorder"

    def __init__(self):
        self.events = []
        self.attribute_calls = 0

    def attributes(self, message, color, domain, category, payload):
        self.attribute_calls += 1
        return (message, color, domain, category, payload)

    def push(self, attrs, domain):
        self.events.append(("push", attrs[0], domain, threading.current_thread().name))

    def pop(self, domain):
        self.events.append(("pop", domain))

    def start(self, attrs, domain):
        self.events.append(("start", attrs[0], domain))
        return attrs[0]

    def end(self, handle):
        self.events.append(("end", handle))

    def mark(self, attrs, domain):
        self.events.append(("mark", attrs[0], domain))


@pytest.fixture(autouse=True)
def _fresh_backend(monkeypatch):
    monkeypatch.delenv("WPROF_NVTX", raising=False)
    monkeypatch.delenv("WPROF", raising=False)
    saved = wn._backend
    wn._set(None)
    yield
    wn._set(saved)


@pytest.fixture
def rec():
    r = Recorder()
    wn._set(r)
    return r


# ------------------------------------------------------------------------------------------------- backend choice
def _fake_nvtx_module():
    calls = []

    class Domain:
        def __init__(self, name):
            self.name = name

        def get_event_attributes(self, message, color, category, payload):
            calls.append(("attrs", self.name, message, color, category, payload))
            return {"message": message, "category": category}

        def push_range(self, attrs):
            calls.append(("push", self.name, attrs["message"]))

        def pop_range(self):
            calls.append(("pop", self.name))

        def start_range(self, attrs):
            calls.append(("start", self.name, attrs["message"]))
            return 42

        def end_range(self, rid):
            calls.append(("end", self.name, rid))

        def mark(self, attrs):
            calls.append(("mark", self.name, attrs["message"]))

    mod = types.ModuleType("nvtx")
    mod.get_domain = lambda name: Domain(name)
    mod.enabled = lambda: True
    mod.calls = calls
    return mod


def test_cpu_torch_without_nvtx_package_is_noop(monkeypatch):
    monkeypatch.setitem(sys.modules, "nvtx", None)  # "not installed"
    assert wn.backend() == "noop"
    with wn.annotate("x"):
        pass
    wn.push_range("a")
    wn.pop_range()
    wn.end_range(wn.start_range("b"))
    wn.mark("m")


def test_wprof_nvtx_0_turns_it_off_even_with_the_package(monkeypatch):
    monkeypatch.setitem(sys.modules, "nvtx", _fake_nvtx_module())
    monkeypatch.setenv("WPROF", "5,30;--nvtx-backend=off")
    assert wn.backend() == "noop"


def test_the_old_wprof_nvtx_variable_still_works_with_a_one_line_notice(monkeypatch, capsys):
    from wprof.loop import config

    monkeypatch.setitem(sys.modules, "nvtx", _fake_nvtx_module())
    monkeypatch.setattr(config, "_noticed", set())
    monkeypatch.setenv("WPROF_NVTX", "0")
    assert wn.backend() == "noop"
    wn._set(None)
    assert wn.backend() == "noop"
    err = capsys.readouterr().err
    assert err == 'wprof: WPROF_NVTX is deprecated; use WPROF="--nvtx-backend=off (or auto, nvtx, torch)" (one ' \
                  'variable for every setting, docs/loop.md)\n'  # one line, once
    monkeypatch.setenv("WPROF", "--nvtx-backend=auto")  # WPROF wins over the old name
    wn._set(None)
    assert wn.backend() == "nvtx"


def test_nvtx_package_is_preferred_with_wprof_domain_and_category_ids(monkeypatch):
    fake = _fake_nvtx_module()
    monkeypatch.setitem(sys.modules, "nvtx", fake)
    assert wn.backend() == "nvtx"
    rng = wn.annotate("fwd", color="green", category="forward", payload=3)
    for _ in range(3):
        with rng:
            pass
    attrs = [c for c in fake.calls if c[0] == "attrs"]
    assert attrs == [("attrs", "wprof", "fwd", "green", wn.CATEGORIES["forward"], 3)]  # built once, reused
    assert [c for c in fake.calls if c[0] != "attrs"] == [("push", "wprof", "fwd"), ("pop", "wprof")] * 3
    fake.calls.clear()
    h = wn.start_range("bwd", domain="mine")
    wn.end_range(h)
    wn.mark("here")
    assert ("start", "mine", "bwd") in fake.calls and ("end", "mine", 42) in fake.calls
    assert ("mark", "wprof", "here") in fake.calls


def test_nvtx_disable_in_the_package_falls_through(monkeypatch):
    fake = _fake_nvtx_module()
    fake.enabled = lambda: False
    monkeypatch.setitem(sys.modules, "nvtx", fake)
    assert wn.backend() in ("noop", "torch")


def test_torch_backend_drops_domain_color_category_payload(monkeypatch):
    calls = []
    tnvtx = types.SimpleNamespace(
        range_push=lambda m: calls.append(("push", m)),
        range_pop=lambda: calls.append(("pop",)),
        range_start=lambda m: calls.append(("start", m)) or 7,
        range_end=lambda rid: calls.append(("end", rid)),
        mark=lambda m: calls.append(("mark", m)),
    )
    fake_torch = types.SimpleNamespace(_C=types.SimpleNamespace(_nvtx=object()), cuda=types.SimpleNamespace(nvtx=tnvtx))
    monkeypatch.setitem(sys.modules, "nvtx", None)
    monkeypatch.setattr(wn._optional, "optional", lambda name: fake_torch if name == "torch" else None)
    assert wn.set_backend("auto") == "torch"
    with wn.annotate("step", color="red", domain="d", category="step", payload=1.5):
        wn.mark("m", domain="d")
    wn.end_range(wn.start_range("bwd"))
    assert calls == [("push", "step"), ("mark", "m"), ("pop",), ("start", "bwd"), ("end", 7)]


@pytest.mark.parametrize("value, error", [("nvtx", MissingDependencyError), ("bogus", ConfigError)])
def test_forced_backends_that_cannot_work_say_so(monkeypatch, value, error):
    monkeypatch.setitem(sys.modules, "nvtx", None)
    monkeypatch.setenv("WPROF", f"--nvtx-backend={value}")
    with pytest.raises(error, match=value):
        wn.backend()


def test_forcing_torch_on_a_cpu_build_is_an_error(monkeypatch):
    torch = pytest.importorskip("torch")
    if hasattr(torch._C, "_nvtx"):
        pytest.skip("this torch has NVTX")
    with pytest.raises(MissingDependencyError, match="CUDA build"):
        wn.set_backend("torch")


@pytest.mark.e2e
def test_import_loads_neither_torch_nor_nvtx():
    code = "import sys, json, wprof.nvtx; print(json.dumps([m for m in ('torch', 'nvtx', 'numpy') if m in sys.modules]))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []


# ------------------------------------------------------------------------------------------------- annotate forms
def test_annotate_forms(rec):
    @wn.annotate
    def bare(x):
        return x + 1

    @wn.annotate()
    def empty_call(x):
        return x * 2

    @wn.annotate("named", category="data")
    def named(x):
        return -x

    assert (bare(1), empty_call(2), named(3)) == (2, 4, -3)
    assert bare.__name__ == "bare" and named.__wrapped__.__name__ == "named"
    with wn.annotate("ctx") as r:
        assert isinstance(r, wn.annotate)
    names = [e[1] for e in rec.events if e[0] == "push"]
    assert names == ["test_annotate_forms.<locals>.bare", "test_annotate_forms.<locals>.empty_call", "named", "ctx"]
    assert sum(e[0] == "pop" for e in rec.events) == 4


def test_decorated_function_pops_on_exception(rec):
    @wn.annotate("boom")
    def boom():
        raise ValueError("x")

    with pytest.raises(ValueError):
        boom()
    with pytest.raises(KeyError):
        with wn.annotate("ctx"):
            raise KeyError("y")
    assert [e[0] for e in rec.events] == ["push", "pop", "push", "pop"]


def test_one_annotate_object_nests_and_builds_attributes_once(rec):
    rng = wn.annotate("layer")
    with rng:
        with rng:
            pass
    assert [e[0] for e in rec.events] == ["push", "push", "pop", "pop"]
    assert rec.attribute_calls == 1


def test_message_must_be_a_string():
    with pytest.raises(UsageError, match="must be a string"):
        wn.annotate(3)


def test_noop_annotate_is_usable_without_torch(monkeypatch):
    monkeypatch.setenv("WPROF", "--nvtx-backend=off")

    @wn.annotate("f")
    def f():
        return "ok"

    assert f() == "ok" and wn.backend() == "noop"
    assert not hasattr(f, "__wrapped__")  # off: the function itself, no wrapper to pay for


# ----------------------------------------------------------------------------------------------------------- phases
torch = pytest.importorskip("torch")


def _model():
    torch.manual_seed(0)
    m = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.ReLU(), torch.nn.Linear(3, 2))
    return m, torch.optim.SGD(m.parameters(), lr=0.1)


def _kinds(rec):
    return [(e[0], e[1]) if e[0] in ("push", "start", "end", "mark") else (e[0],) for e in rec.events]


def test_phases_for_one_model_and_optimizer(rec):
    model, opt = _model()
    with wn.annotate_phases(model, opt):
        model(torch.randn(5, 4)).sum().backward()
        opt.step()
    assert _kinds(rec) == [("push", "forward"), ("pop",), ("start", "backward"), ("end", "backward"),
                           ("push", "optimizer"), ("pop",)]
    rec.events.clear()
    model(torch.randn(5, 4)).sum().backward()  # hooks removed
    opt.step()
    assert rec.events == []


def test_backward_range_ends_after_the_gradients_are_accumulated(rec):
    model, opt = _model()
    seen = []
    original_end = rec.end
    rec.end = lambda h: (seen.append(all(p.grad is not None for p in model.parameters())), original_end(h))
    with wn.annotate_phases(model, opt):
        model(torch.randn(5, 4)).sum().backward()
    assert seen == [True]


def test_global_phases_label_outermost_calls_and_one_backward(rec):
    model, opt = _model()
    loss_fn = torch.nn.MSELoss()
    with wn.annotate_phases(domain="train"):
        loss = loss_fn(model(torch.randn(5, 4)), torch.zeros(5, 2))
        loss.backward()
        opt.step()
    assert _kinds(rec) == [("push", "forward"), ("pop",), ("push", "forward"), ("pop",),
                           ("start", "backward"), ("end", "backward"), ("push", "optimizer"), ("pop",)]
    assert {e[2] for e in rec.events if e[0] in ("push", "start")} == {"train"}


def test_no_backward_range_without_grad(rec):
    model, opt = _model()
    with wn.annotate_phases(model, opt), torch.no_grad():
        model(torch.randn(5, 4))
    assert _kinds(rec) == [("push", "forward"), ("pop",)]


def test_forward_range_is_closed_when_forward_raises(rec):
    class Bad(torch.nn.Module):
        def forward(self, x):
            raise RuntimeError("bad input")

    m = Bad()
    with wn.annotate_phases(m, torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=0.1)):
        with pytest.raises(RuntimeError, match="bad input"):
            m(torch.zeros(1))
    assert [e[0] for e in rec.events] == ["push", "pop"]


def test_grad_accumulation_gives_one_backward_range_per_backward(rec):
    model, opt = _model()
    with wn.annotate_phases(model, opt):
        for _ in range(2):
            model(torch.randn(5, 4)).sum().backward()
        opt.step()
    assert [k for k in _kinds(rec) if k[0] in ("start", "end")] == [("start", "backward"), ("end", "backward")] * 2
