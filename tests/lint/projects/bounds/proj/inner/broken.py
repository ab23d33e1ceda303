def wait(:
    pass
