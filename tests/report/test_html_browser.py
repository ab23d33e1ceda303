"""Every kind of HTML page in a real browser: headless Chromium (Debian's ``chromium``; CI installs it in .ci/run).

One Chromium launch per page dumps the DOM after load and takes a screenshot; the page must log nothing to the
console (a resource the page tried to load from outside would be a Content-Security-Policy violation there), the
plots must be in the DOM, the key numbers in its text, the hostile name only as text, and the screenshot must not
be blank. A control page that does load from outside proves the console check can fail.

Without Chromium the tests skip, except under CI (``CI`` set), where a missing browser is a failure unless .ci/run
could not install one and said so (``WPROF_CI_NO_BROWSER`` holds its reason).
"""

import html
import os
import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest

from .conftest import KINDS
from .test_html import MIN_PLOTS, key_numbers

pytestmark = pytest.mark.e2e  # a real browser process per page (tests/README.md)

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
         "--enable-logging=stderr", "--v=0", "--window-size=1280,1000"]
CONSOLE = re.compile(r":CONSOLE[:(]")


def _chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    if os.environ.get("CI") and not os.environ.get("WPROF_CI_NO_BROWSER"):
        pytest.fail("CI must install Chromium for the browser tests (apt-get install chromium in .ci/run)")
    pytest.skip(f"no Chromium here ({os.environ.get('WPROF_CI_NO_BROWSER') or 'apt-get install chromium'})")


def _load(browser, page, workdir):
    """(dom, console lines, screenshot path) of one page, in one launch with its own profile directory."""
    shot = workdir / f"{page.stem}.png"
    profile = workdir / f"profile-{page.stem}"
    out = subprocess.run([browser, *FLAGS, f"--user-data-dir={profile}", f"--screenshot={shot}", "--dump-dom",
                          page.resolve().as_uri()], capture_output=True, text=True, timeout=90)
    console = [line for line in out.stderr.splitlines() if CONSOLE.search(line)]
    return out.stdout, console, shot


@pytest.fixture(scope="module")
def loaded(pages, tmp_path_factory):
    browser = _chromium()
    work = tmp_path_factory.mktemp("chromium")
    control = work / "control.html"
    control.write_text(pages["compare"].read_text().replace(
        "<main", '<img src="http://127.0.0.1:9/x.png" alt=""><main', 1))
    todo = {kind: pages[kind] for kind in KINDS} | {"control": control}
    with ThreadPoolExecutor(max_workers=2) as pool:  # two cores: two browsers at a time
        futures = {k: pool.submit(_load, browser, p, work) for k, p in todo.items()}
        return {k: f.result() for k, f in futures.items()}


def _pixels_spread(png):
    from PIL import Image, ImageStat

    im = Image.open(png).convert("L")
    stat = ImageStat.Stat(im)
    dark = sum(im.histogram()[:200]) / (im.width * im.height)  # ink: text, lines, bars
    return stat.stddev[0], dark


@pytest.mark.parametrize("kind", KINDS)
def test_page_in_chromium(kind, loaded, results):
    dom, console, shot = loaded[kind]
    assert dom.strip(), "Chromium printed no DOM"
    assert console == [], console
    assert dom.count("<svg") >= MIN_PLOTS[kind]
    assert "<script" not in dom.lower() and "<img src=\"x\"" not in dom
    for number in key_numbers(kind, results[kind]):
        assert html.escape(number) in dom, number
    std, ink = _pixels_spread(shot)
    assert std > 20 and ink > 0.02, (std, ink)  # a blank or one-colour page has neither


def test_console_check_catches_a_load_from_outside(loaded):
    dom, console, _ = loaded["control"]
    assert dom.strip() and any("Content Security Policy" in line for line in console), console
