from .clocks import *  # noqa: F403
