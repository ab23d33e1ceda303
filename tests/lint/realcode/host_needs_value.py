"""Set 13 (held out) class: a value copied to the host every step because the algorithm needs it there
(speculative decoding comparing the draft's and the verifier's greedy tokens; a token sampled and fed back): the
sync is the work, not bookkeeping. Weak (WP114, `extra` only) when the copied value flows, inside the loop, into an
`if`/`while` test, an index, a `range` bound or the next torch call, through names and lists it is appended to.
A copy that only reaches `print`, a logger, a meter or an accumulator (`+=`, `avg = avg + ...`, even when the
accumulated value is compared once after the loop) stays a default finding."""

import time

import torch

draft = torch.nn.Linear(512, 512).cuda()
verifier = torch.nn.Linear(512, 512).cuda()
h = torch.randn(1, 512, device="cuda")


def speculative(steps=64, chunk=4):
    generated = []
    start = time.perf_counter()
    for _ in range(steps):
        proposals = []
        for _k in range(chunk):
            nxt = torch.argmax(draft(h), dim=-1)
            proposals.append(nxt.item())  # expect-extra: WP114 (weak evidence)
        for i, proposal in enumerate(proposals):
            v_next = torch.argmax(verifier(h), dim=-1).item()  # expect-extra: WP114 (weak evidence)
            if v_next == proposal:
                generated.append(proposal)
            else:
                generated.append(v_next)
                break
    return len(generated) / (time.perf_counter() - start)


def sample_on_host(steps=32):
    ids = [0]
    table = torch.randn(1000, 512, device="cuda")
    draft(table[:1])  # warmup
    t0 = time.perf_counter()
    for _ in range(steps):
        logits = draft(table[ids[-1]].unsqueeze(0))
        tok = torch.multinomial(torch.softmax(logits, -1), 1).item()  # expect-extra: WP114 (weak evidence)
        ids.append(tok)
    return (time.perf_counter() - t0) / steps


def train(loader, opt, epochs=3):
    best = float("inf")
    for epoch in range(epochs):
        avg = 0.0
        t0 = time.perf_counter()
        for i, (xb, yb) in enumerate(loader):
            loss = ((draft(xb.cuda()) - yb.cuda()) ** 2).mean()
            avg = avg + (loss.item() - avg) / (i + 1)  # an epoch time includes its loss accounting
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: {time.perf_counter() - t0:.1f} s, loss {avg:.4f}")
        if avg < best:
            best = avg


def log_every_step(loader, opt, log):
    t0 = time.perf_counter()
    for xb, yb in loader:
        loss = ((draft(xb.cuda()) - yb.cuda()) ** 2).mean()
        loss.backward()
        opt.step()
        lossf = loss.item()  # a training run's own logging: part of it
        log.log_dict({"loss": lossf, "time": time.perf_counter() - t0})
