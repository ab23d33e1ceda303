from cycle_a import ping


def pong():
    return ping()
