from torch import nn

from .layers import make_layer


class TinyLM(nn.Module):
    def __init__(self, vocab, width, depth):
        super().__init__()
        self.embed = nn.Embedding(vocab, width)
        self.layers = nn.ModuleList([make_layer("ff", width) for _ in range(depth)])
        self.head = nn.Linear(width, vocab)

    def forward(self, ids):
        h = self.embed(ids)
        for layer in self.layers:
            h = h + layer(h)
        return self.head(h)

    def forward_profiled(self, ids):
        h = self.embed(ids)
        total = 0.0
        for layer in self.layers:
            out, ms = layer.forward_timed(h)
            h = h + out
            total += ms
        return self.head(h), total
