import logging

import pytest


@pytest.fixture
def caplog(caplog):
    """pytest's caplog, attached to the ``wprof`` logger itself: the gauge's lines never propagate to the root logger
    (they always go to stderr, issue 16 item 4), where caplog listens by default."""
    log = logging.getLogger("wprof")
    saved = log.propagate
    log.addHandler(caplog.handler)
    log.propagate = False
    try:
        yield caplog
    finally:
        log.removeHandler(caplog.handler)
        log.propagate = saved
