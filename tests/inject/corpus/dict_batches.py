"""Shape: batches are dicts of tensors (a collate_fn builds them) and the batch size comes from a variable."""
import torch
from torch import nn
from torch.utils.data import DataLoader


def collate(rows):
    return {"input_ids": torch.stack([r[0] for r in rows]), "labels": torch.stack([r[1] for r in rows])}


torch.manual_seed(0)
rows = [(torch.randint(0, 50, (6,)), torch.randint(0, 2, ())) for _ in range(60)]
BATCH = 6
loader = DataLoader(rows, batch_size=BATCH, collate_fn=collate)
model = nn.Sequential(nn.Embedding(50, 8), nn.Flatten(), nn.Linear(48, 2))
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-2)
for batch in loader:
    logits = model(batch["input_ids"])
    loss = nn.functional.cross_entropy(logits, batch["labels"])
    loss.backward()
    optimizer.step()
    optimizer.zero_grad()
print(f"loss {loss.item():.4f}")
