"""A one-line helper that runs whatever model it is handed (no device, no clock of its own)."""


def infer(model, batch):
    return model(batch)
