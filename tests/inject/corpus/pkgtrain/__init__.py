"""A package whose train module is run with `-m pkgtrain.train` (relative imports must work)."""
