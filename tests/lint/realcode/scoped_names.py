"""Names are looked up where they are bound: a loop variable is not another function's CUDA tensor, a name
reassigned to a NumPy array is not a tensor any more, `.tolist()` of a data batch is not a sync, and a clock
around model construction says so."""
import time

import torch


def prepare(context):
    tokens = torch.as_tensor(context, device="cuda")
    return tokens


def decode_all(tokenizer, batches):
    start = time.perf_counter()
    texts = []
    for tokens in batches:
        texts.append(tokenizer.decode(tokens))  # `tokens` here is a list, not prepare()'s CUDA tensor
    print(time.perf_counter() - start)
    return texts


def score(model, x, out_dataset):
    for _ in range(10):
        t0 = time.perf_counter()
        logp = model(x).log_softmax(-1).cuda()
        logp = logp.cpu().numpy()  # the sync before the end read
        for j in range(logp.shape[0]):
            out_dataset.add_item(logp[j])  # a NumPy row: host work
        print(time.perf_counter() - t0)


class CharCounter:
    def __init__(self, it, tok):
        self.it, self.tok, self.chars, self.elapsed = it, tok, 0, 0.0

    def __next__(self):
        start = time.time()
        batch = next(self.it)
        for b in batch["text"]:
            self.chars += len(self.tok.detokenize(b.tolist()))  # a data batch, not a GPU tensor
        self.elapsed += time.time() - start
        return batch


init_start = time.perf_counter()
net = torch.nn.Linear(8, 8).cuda()
print(f"Instantiating the model took {time.perf_counter() - init_start:.2f} s")
