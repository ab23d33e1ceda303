"""One module per lint rule: ``CODE``, ``NAME``, ``FIX`` and ``check(ctx)``; the module docstring is the rule's doc.

The first docstring line is the summary; the body has the sections *What it does*, *Why is this bad?*, *Example*,
*Use instead* and *Fix safety* (rendered into ``docs/rules.md`` by ``scripts/gen_rules_doc.py``).
"""
