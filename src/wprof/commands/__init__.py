"""One module per ``wprof`` subcommand (NAME, HELP, ORDER, add_arguments, run); see ``wprof.cli``.

Modules here import only the standard library at module level; the work is imported inside ``run``.
"""
