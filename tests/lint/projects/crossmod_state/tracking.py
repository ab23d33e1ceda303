"""A project module: a tracker that puts its model on the GPU when built, and one that keeps it on the host until
its first update (crossmod fixtures; read through the linted files' imports, never reported itself)."""
import torch


class GpuTracker:
    def __init__(self, dim):
        self.model = torch.nn.Linear(dim, dim)
        self.model.cuda().eval()

    def update(self, blob):
        with torch.no_grad():
            return self.model(blob).argmax(dim=1).tolist()


class LazyTracker:
    def __init__(self, dim):
        self.model = torch.nn.Linear(dim, dim).eval()

    def update(self, blob):
        with torch.no_grad():
            return self.model(blob.cpu()).argmax(dim=1).tolist()
