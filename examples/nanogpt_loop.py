"""The gauge's hooks in a nanoGPT-shaped training loop: ``while`` loop, ``get_batch()``, gradient accumulation.

There is no ``for batch in loader`` to wrap, so the loop marks its own iterations:

- ``with gauge.step():`` around one optimizer step (the iteration),
- ``with gauge.data():`` around each ``get_batch()`` call (host time -> ``data_ms``, excluded from ``iter_ms``),
- ``with gauge.phase("forward"):`` ... for the per-phase breakdown (CUDA event pairs, no synchronize).

Evaluation and logging sit outside ``gauge.step()`` and are not timed. Runs on CUDA when present, else on the CPU.

    python examples/nanogpt_loop.py --max-iters 40
"""

import argparse
import math

import torch
from torch import nn

import wprof


class TinyGPT(nn.Module):
    def __init__(self, vocab, block, n_embd, n_layer, n_head):
        super().__init__()
        self.tok = nn.Embedding(vocab, n_embd)
        self.pos = nn.Embedding(block, n_embd)
        layer = nn.TransformerEncoderLayer(n_embd, n_head, 4 * n_embd, dropout=0.0, batch_first=True,
                                           norm_first=True)
        self.blocks = nn.TransformerEncoder(layer, n_layer, enable_nested_tensor=False)
        self.head = nn.Linear(n_embd, vocab, bias=False)
        self.register_buffer("mask", nn.Transformer.generate_square_subsequent_mask(block), persistent=False)

    def forward(self, idx, targets):
        t = idx.shape[1]
        x = self.tok(idx) + self.pos(torch.arange(t, device=idx.device))
        x = self.blocks(x, mask=self.mask[:t, :t], is_causal=True)
        logits = self.head(x)
        return logits, nn.functional.cross_entropy(logits.flatten(0, 1), targets.flatten())


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--max-iters", type=int, default=40)
    p.add_argument("--batch-size", type=int, default=8)
    p.add_argument("--block-size", type=int, default=64)
    p.add_argument("--grad-accum", type=int, default=2)
    p.add_argument("--out", default="wprof-results")
    args = p.parse_args()

    device = "cuda" if torch.cuda.is_available() else "cpu"
    torch.manual_seed(0)
    vocab = 256
    corpus = torch.randint(vocab, (200_000,), dtype=torch.long)  # stands in for nanoGPT's memmapped train.bin

    def get_batch():
        ix = torch.randint(len(corpus) - args.block_size - 1, (args.batch_size,))
        x = torch.stack([corpus[i:i + args.block_size] for i in ix.tolist()])
        y = torch.stack([corpus[i + 1:i + 1 + args.block_size] for i in ix.tolist()])
        if device == "cuda":
            return x.pin_memory().to(device, non_blocking=True), y.pin_memory().to(device, non_blocking=True)
        return x, y

    model = TinyGPT(vocab, args.block_size, n_embd=128, n_layer=2, n_head=4).to(device)
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    tokens_per_iter = args.grad_accum * args.batch_size * args.block_size

    gauge = wprof.Gauge(global_batch_size=args.grad_accum * args.batch_size, warmup=5,
                        iters=min(30, max(1, args.max_iters - 5)), log_interval=5, name="nanogpt_loop",
                        out_dir=args.out)

    X, Y = get_batch()  # first batch, fetched before the loop (as nanoGPT does)
    iter_num = 0
    while True:
        lr = 3e-4 * 0.5 * (1 + math.cos(math.pi * iter_num / args.max_iters))  # host work outside the step
        for group in optimizer.param_groups:
            group["lr"] = lr
        with gauge.step():
            for _micro in range(args.grad_accum):
                with gauge.phase("forward"):
                    _, loss = model(X, Y)
                    loss = loss / args.grad_accum
                with gauge.data():
                    X, Y = get_batch()  # prefetch the next micro-batch while the GPU runs the forward
                with gauge.phase("backward"):
                    loss.backward()
            with gauge.phase("optimizer"):
                optimizer.step()
                optimizer.zero_grad(set_to_none=True)
        if iter_num % 10 == 0:
            print(f"iter {iter_num}: loss {loss.item() * args.grad_accum:.4f}")  # outside the step: not timed
        iter_num += 1
        if iter_num >= args.max_iters:
            break

    r = gauge.finish()  # the window usually ended already; finish() returns the same result
    tok_s = tokens_per_iter / (r.summary("step_ms").median / 1e3)
    print(f"{tok_s:,.0f} tokens/s (median step {r.summary('step_ms').median:.2f} ms, {r.status})")


if __name__ == "__main__":
    main()
