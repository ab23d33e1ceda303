"""Shape: nanoGPT's loop: `while True` with get_batch(), gradient accumulation micro-steps and a no_grad eval."""
import time

import torch
from torch import nn

torch.manual_seed(0)
block_size, batch_size, vocab = 8, 4, 32
data = torch.randint(0, vocab, (2000,))
train_data, val_data = data[:1800], data[1800:]


def get_batch(split):
    d = train_data if split == "train" else val_data
    ix = torch.randint(len(d) - block_size, (batch_size,))
    x = torch.stack([d[i:i + block_size] for i in ix])
    y = torch.stack([d[i + 1:i + 1 + block_size] for i in ix])
    return x, y


class TinyLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(vocab, 16)
        self.head = nn.Linear(16, vocab)

    def forward(self, idx, targets=None):
        logits = self.head(self.emb(idx))
        loss = nn.functional.cross_entropy(logits.view(-1, vocab), targets.view(-1))
        return logits, loss


@torch.no_grad()
def estimate_loss():
    out = {}
    model.eval()
    for split in ["train", "val"]:
        losses = torch.zeros(2)
        for k in range(2):
            X, Y = get_batch(split)
            logits, loss = model(X, Y)
            losses[k] = loss.item()
        out[split] = losses.mean()
    model.train()
    return out


model = TinyLM()
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-2)
gradient_accumulation_steps = 2
max_iters, eval_interval = 14, 7
iter_num = 0
X, Y = get_batch("train")
t0 = time.time()
while True:
    if iter_num % eval_interval == 0:
        losses = estimate_loss()
        print(f"step {iter_num}: train loss {losses['train']:.4f}, val loss {losses['val']:.4f}")
    for micro_step in range(gradient_accumulation_steps):
        logits, loss = model(X, Y)
        loss = loss / gradient_accumulation_steps
        X, Y = get_batch("train")
        loss.backward()
    optimizer.step()
    optimizer.zero_grad(set_to_none=True)
    iter_num += 1
    if iter_num > max_iters:
        break
print(f"iter {iter_num} loss {loss.item() * gradient_accumulation_steps:.4f}")
