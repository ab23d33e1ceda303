"""Every result kind registered in results._SCHEMAS has a renderer in report._RENDERERS that works."""

import importlib

from wprof import report, results


def test_every_schema_has_a_renderer():
    for target in results._SCHEMAS.values():
        mod, _, cls = target.partition(":")
        assert cls in report._RENDERERS, cls
        rmod, _, fn = report._RENDERERS[cls].partition(":")
        assert callable(getattr(importlib.import_module(rmod), fn)), report._RENDERERS[cls]
        assert hasattr(getattr(importlib.import_module(mod), cls), "from_dict")
