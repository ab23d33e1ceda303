from cycle_b import pong


def ping():
    return pong()
