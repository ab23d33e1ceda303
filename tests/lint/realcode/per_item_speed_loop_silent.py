"""Sets 14/39 class, the silent side: a per-item loop over data that trains (a backward), that names no speed (an
evaluation's accuracy and wall time), or whose model ran before the loop."""
import time

import torch
from tqdm import tqdm


def train_epoch(model, opt, loader):
    spent = 0.0
    for i, (x, y) in enumerate(tqdm(loader)):
        t = time.time()
        loss = torch.nn.functional.mse_loss(model(x.cuda()), y.cuda())
        loss.backward()
        opt.step()
        torch.cuda.synchronize()
        spent += time.time() - t
    print(f"epoch throughput {len(loader) / spent:.1f} it/s")


def evaluate(model, questions):
    spent, right = 0.0, 0
    for i, (q, a) in enumerate(tqdm(questions)):
        t = time.time()
        right += int(model(q.cuda()).argmax().item() == a)
        spent += time.time() - t
    print(f"accuracy {right / len(questions):.3f}, evaluation took {spent:.1f} s")


def answer_all(model, questions):
    model(questions[0].cuda())  # one untimed call first
    torch.cuda.synchronize()
    spent = 0.0
    for i, q in enumerate(tqdm(questions)):
        t = time.time()
        model(q.cuda())
        torch.cuda.synchronize()
        spent += time.time() - t
    print(f"avg latency {spent / len(questions):.4f} s")


def main():
    net = torch.nn.Linear(64, 64).cuda()
    train_epoch(net, torch.optim.SGD(net.parameters(), lr=0.1), [(torch.randn(4, 64), torch.randn(4, 64))] * 8)
    clf = torch.nn.Linear(64, 3).cuda()
    evaluate(clf, [(torch.randn(64), 1) for _ in range(8)])
    model = torch.nn.GRU(64, 64).cuda()
    answer_all(model, [torch.randn(5, 1, 64) for _ in range(8)])


if __name__ == "__main__":
    main()
