"""`wprof.integrations` and its Lightning module import no framework and no torch until a callback is asked for
(the HF module imports transformers by design: it subclasses TrainerCallback)."""

from __future__ import annotations

import json

import pytest
from harness import python_process

PROBE = """
import sys, json
import wprof.integrations, wprof.integrations.lightning, wprof.inject.trainers, wprof.inject.layout
heavy = ["torch", "transformers", "lightning", "pytorch_lightning", "accelerate", "numpy"]
print(json.dumps([m for m in heavy if m in sys.modules]))
"""


@pytest.mark.e2e
def test_integrations_import_is_light():
    p = python_process(["-c", PROBE])
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout.strip().splitlines()[-1]) == []
