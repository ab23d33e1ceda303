"""Greedy decoders of our own: one stops when every sequence is finished (a branch on a device tensor each step),
the other runs a fixed number of steps and never looks at the tokens on the host."""

import torch


class StoppingDecoder(torch.nn.Module):
    def __init__(self, vocab, dim, eos):
        super().__init__()
        self.emb = torch.nn.Embedding(vocab, dim)
        self.out = torch.nn.Linear(dim, vocab)
        self.eos = eos

    def forward(self, start, max_len):
        tok = start
        finished = torch.zeros_like(start, dtype=torch.bool)
        for _ in range(max_len):
            if finished.all():
                break
            tok = self.out(self.emb(tok)).argmax(-1)
            finished |= tok == self.eos
        return tok


class FixedDecoder(torch.nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.emb = torch.nn.Embedding(vocab, dim)
        self.out = torch.nn.Linear(dim, vocab)

    def forward(self, start, max_len):
        tok = start
        for _ in range(max_len):
            tok = self.out(self.emb(tok)).argmax(-1)
        return tok
