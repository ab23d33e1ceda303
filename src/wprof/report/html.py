"""Self-contained HTML reports: one file per result, plots inline as SVG, no script, no network.

``render_html(result) -> str`` dispatches on the result's kind (loop, bench, compare, sweep, sweep compare, ncu);
``write_html(result, path)`` writes it atomically. The page carries a Content-Security-Policy that allows nothing
from outside (``default-src 'none'``; inline styles and ``data:`` images only), so it opens the same from disk, from
a CI artifact or offline, and any user string that slipped through escaping could not run. Every string that comes
from a result (kernel, script, parameter and result names, messages, paths) goes through :func:`esc`
(``html.escape``); the page builders below take plain text and escape it themselves unless it is wrapped in
:class:`Raw` (markup built here).

Plots come from :mod:`wprof.report.plots` (matplotlib, imported when a page is rendered, never at import).
"""

from __future__ import annotations

import html as _html
import json
import math
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from .. import __version__
from ..stats import fmt_ms

__all__ = ["Raw", "esc", "render_html", "write_html"]

class Raw(str):
    """Markup built by this package (already escaped): passed through as is."""


def esc(value: Any) -> str:
    """Text for HTML (``&<>"'`` escaped); Raw passes through."""
    if isinstance(value, Raw):
        return value
    return _html.escape("" if value is None else str(value), quote=True)


def render_html(result: Any) -> str:
    """The whole HTML document for ``result``."""
    from ..results.registry import html_page, kind_of

    return html_page(kind_of(result))(result)


def write_html(result: Any, path: str | os.PathLike[str]) -> Path:
    """Render ``result`` and write the page atomically; returns the path."""
    from ..results import write_text_atomic

    return write_text_atomic(path, render_html(result))


def check_html_path(path: str) -> None:
    """Fail before measuring, not after, when ``--html PATH`` cannot be written or matplotlib is missing."""
    from .._optional import require
    from ..results import check_output_path

    check_output_path(path, "--html")
    require("matplotlib")


# --- page pieces ---------------------------------------------------------------------------------------------------

_CSS = """
*{box-sizing:border-box}
body{margin:0;background:#f4f5f7;color:#1c1f24;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,
"Helvetica Neue",Arial,sans-serif}
header{background:#fff;border-bottom:1px solid #dfe2e7}
.wrap{max-width:1180px;margin:0 auto;padding:18px 24px}
.kind{font-size:12px;letter-spacing:.06em;text-transform:uppercase;color:#6a7280}
h1{font-size:22px;margin:2px 0 4px;word-break:break-all}
.meta{color:#5b6270;font-size:13px}
.meta span+span:before{content:" · ";color:#b0b5bd}
.badge{display:inline-block;padding:1px 8px;border-radius:10px;font-size:12px;font-weight:600;vertical-align:middle;
margin-left:6px;background:#e6f4ea;color:#1e6b3a}
.badge.bad{background:#fde7ea;color:#a3172c}.badge.warn{background:#fff3d6;color:#8a5a00}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:12px;margin-top:14px}
.card{background:#fff;border:1px solid #dfe2e7;border-radius:8px;padding:10px 14px}
.card .l{font-size:11px;letter-spacing:.05em;text-transform:uppercase;color:#6a7280}
.card .v{font-size:22px;font-weight:650;font-variant-numeric:tabular-nums;margin:2px 0;line-height:1.2}
.card .s{font-size:12px;color:#5b6270}
.card.hl{border-color:#1f6fb4;box-shadow:inset 3px 0 0 #1f6fb4}
section{background:#fff;border:1px solid #dfe2e7;border-radius:8px;padding:14px 18px;margin:16px 0}
h2{font-size:16px;margin:0 0 8px}
h3{font-size:14px;margin:12px 0 6px}
p{margin:6px 0}
.muted{color:#5b6270;font-size:13px}
table{border-collapse:collapse;width:100%;font-size:13px;margin:6px 0}
th,td{padding:4px 8px;border-bottom:1px solid #eceef2;text-align:left;vertical-align:top}
th{font-weight:600;color:#3d434d;background:#f8f9fb}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
tr.hl td{background:#eef5fc;font-weight:600}
.callout{border-left:4px solid #8a94a6;background:#f3f5f8;padding:8px 12px;margin:8px 0;border-radius:0 6px 6px 0}
.callout .t{font-weight:650}
.callout.finding{border-color:#d1495b;background:#fdf0f2}
.callout.warning{border-color:#e0a100;background:#fff8e5}
.callout.ok{border-color:#2a9d5c;background:#edf8f1}
.callout.next{border-color:#1f6fb4;background:#eef5fc}
.callout .adv{margin-top:4px}
.callout .ev{margin-top:6px;font-size:12.5px;color:#5b6270}
.callout .ev code{background:rgba(255,255,255,.7);margin-right:4px;white-space:nowrap}
.callout table{background:transparent;width:auto}
.callout pre{white-space:pre-wrap;word-break:break-word;margin:6px 0 0}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
code{background:#eef0f3;padding:1px 5px;border-radius:4px;word-break:break-all}
pre{background:#f6f7f9;border:1px solid #e4e6ea;padding:10px;border-radius:6px;overflow:auto;max-height:420px}
figure{margin:8px 0 4px}
figure svg{width:100%;height:auto;display:block}
figcaption{color:#5b6270;font-size:12.5px;margin-top:2px}
details summary{cursor:pointer;color:#1f5c99;margin:4px 0}
.grid2{display:grid;grid-template-columns:1fr 1fr;gap:14px}
@media (max-width:900px){.grid2{grid-template-columns:1fr}}
.verdict{font-size:20px;font-weight:700}
.slower{color:#a3172c}.faster{color:#1e6b3a}.same{color:#3d434d}
footer{color:#7a818c;font-size:12px;padding:4px 0 28px}
"""

_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"


def page(*, kind: str, title: str, meta: Sequence[str], badges: Sequence[tuple[str, str]] = (),
         cards: Sequence[str] = (), sections: Iterable[str] = (), source: str = "") -> str:
    """The document: header (kind, title, meta line, badges, headline cards), sections, footer."""
    badge_html = "".join(f'<span class="badge {esc(cls)}">{esc(text)}</span>' for text, cls in badges)
    meta_html = "".join(f"<span>{esc(m)}</span>" for m in meta if m)
    body = "\n".join(s for s in sections if s)
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f'<meta http-equiv="Content-Security-Policy" content="{_CSP}">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>wprof {esc(kind)}: {esc(title)}</title><style>{_CSS}</style></head><body>"
        f'<header><div class="wrap"><div class="kind">wprof {esc(kind)}</div>'
        f"<h1>{esc(title)}{badge_html}</h1><div class=\"meta\">{meta_html}</div>"
        f'<div class="cards">{"".join(cards)}</div></div></header>'
        f'<main class="wrap">{body}</main>'
        f'<footer class="wrap">wprof {esc(__version__)}{" · " + esc(source) if source else ""} · a self-contained '
        "page: no scripts, nothing loaded from the network</footer></body></html>\n"
    )


def card(label: str, value: str, sub: str = "", highlight: bool = False) -> str:
    return (f'<div class="card{" hl" if highlight else ""}"><div class="l">{esc(label)}</div>'
            f'<div class="v">{esc(value)}</div><div class="s">{esc(sub)}</div></div>')


def section(title: str, *parts: str, sid: str = "") -> str:
    body = "".join(p for p in parts if p)
    if not body:
        return ""
    return f'<section{f" id={chr(34)}{esc(sid)}{chr(34)}" if sid else ""}><h2>{esc(title)}</h2>{body}</section>'


def para(text: str, cls: str = "") -> str:
    return f'<p{f" class={chr(34)}{esc(cls)}{chr(34)}" if cls else ""}>{esc(text)}</p>' if text else ""


def figure(svg: str | None, caption: str = "") -> str:
    """An inline SVG (built by plots, trusted) with an escaped caption."""
    if not svg:
        return ""
    return f"<figure>{svg}{f'<figcaption>{esc(caption)}</figcaption>' if caption else ''}</figure>"


def table(headers: Sequence[str], rows: Iterable[Sequence[Any]], *, numeric: Sequence[int] = (),
          highlight: Sequence[int] = ()) -> str:
    """A table; cells are escaped (Raw passes); columns in ``numeric`` are right-aligned; rows in ``highlight``
    are emphasised."""
    num = set(numeric)
    hl = set(highlight)
    head = "".join(f'<th{" class=n" if i in num else ""}>{esc(h)}</th>' for i, h in enumerate(headers))
    body = []
    for r, row in enumerate(rows):
        cells = "".join(f'<td{" class=n" if i in num else ""}>{esc(c)}</td>' for i, c in enumerate(row))
        body.append(f'<tr{" class=hl" if r in hl else ""}>{cells}</tr>')
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def kv_table(pairs: Iterable[tuple[str, Any]]) -> str:
    rows = [(k, v) for k, v in pairs if v not in (None, "", [], {})]
    if not rows:
        return ""
    return "<table><tbody>" + "".join(f"<tr><th>{esc(k)}</th><td>{esc(v)}</td></tr>" for k, v in rows) + \
        "</tbody></table>"


def callout(kind: str, title: str, text: str = "", advice: str = "", extra: str = "") -> str:
    adv = f'<div class="adv">→ {esc(advice)}</div>' if advice else ""
    return (f'<div class="callout {esc(kind)}"><span class="t">{esc(title)}</span> {esc(text)}{adv}'
            f"{extra}</div>")


def warnings_block(warnings: Sequence[Any], label: str = "") -> str:
    return "".join(callout("warning", f"{label}[{w.code}]" if label else f"[{w.code}]", w.message,
                           getattr(w, "advice", "")) for w in warnings)


def next_step_block(text: str | None) -> str:
    if not text:
        return ""
    first, _, more = str(text).strip().partition("\n")
    head, sep, rest = first.partition(":")
    if not (sep and head.lower().startswith("next")):
        head, rest = "Next", first
    cmd = f"<pre>{esc(more.strip())}</pre>" if more.strip() else ""
    return callout("next", head + ":", rest.strip(), extra=cmd)


def details_json(title: str, doc: Any) -> str:
    """A collapsed block with a JSON dump (escaped)."""
    if not doc:
        return ""
    text = json.dumps(doc, indent=2, default=str, sort_keys=False)
    return f"<details><summary>{esc(title)}</summary><pre>{esc(text)}</pre></details>"


def num(v: Any, fmt: str = "{:.3g}", none: str = "n/a") -> str:
    if v is None or (isinstance(v, float) and (math.isnan(v) or math.isinf(v))):
        return none
    try:
        return fmt.format(v)
    except (ValueError, TypeError):
        return str(v)


def ms(v: Any) -> str:
    return fmt_ms(v) if isinstance(v, (int, float)) and not (isinstance(v, float) and math.isnan(v)) else "n/a"


def pct(v: Any, digits: int = 1) -> str:
    return num(None if v is None else v * 100, "{:." + str(digits) + "f}%")


def device_line(env: dict[str, Any]) -> str:
    from .bench import describe_device

    if not env or "error" in env:
        return ""
    return describe_device(env)


def plot_or_note(make: Any, *args: Any, **kwargs: Any) -> str:
    """Run a plot builder; a plot that cannot be drawn from these numbers says so instead of failing the page."""
    try:
        return make(*args, **kwargs)
    except (ValueError, ZeroDivisionError, IndexError, KeyError, TypeError) as exc:
        return f'<p class="muted">(plot not drawn: {esc(type(exc).__name__)}: {esc(exc)})</p>'


def ncu_page(result: Any) -> str:
    """ncu's per-kernel metrics: the report's own lines (the same text ``wprof report`` prints), escaped."""
    from . import lines

    text = "\n".join(lines(result))
    return page(kind="ncu", title=str(getattr(result, "name", "") or "ncu kernels"),
                meta=[str(getattr(result, "created_utc", ""))],
                sections=[section("Kernels (Nsight Compute)", f"<pre>{esc(text)}</pre>")], source="wprof.ncu")
