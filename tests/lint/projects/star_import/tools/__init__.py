from .steps import *  # noqa: F403
