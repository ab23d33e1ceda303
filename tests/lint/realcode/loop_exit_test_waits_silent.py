"""Set 36 class: a decode loop timed as a whole whose `while` test reads a device value (`not done.all()`) and
which never breaks: the loop ends only when that test has waited for everything queued before it, so the end read
after the loop times the work (silent). The bad variant ends on a host counter."""
import time

import torch


@torch.no_grad()
def decode(model, head, ids, eos, limit):
    done = torch.zeros(ids.shape[0], dtype=torch.bool, device=ids.device)
    model(ids)
    begin = time.time()
    while ids.shape[1] < limit and not done.all():
        hidden = model(ids)
        nxt = head(hidden[:, -1]).argmax(-1, keepdim=True)
        ids = torch.cat([ids, nxt], dim=1)
        done |= nxt.squeeze(1) == eos
    elapsed = time.time() - begin
    return ids, elapsed


if __name__ == "__main__":
    emb = torch.nn.Embedding(1000, 256).cuda()
    proj = torch.nn.Linear(256, 1000).cuda()
    start = torch.randint(0, 1000, (4, 8), device="cuda")
    out, secs = decode(emb, proj, start, 2, 64)
    print(out.shape, secs)
