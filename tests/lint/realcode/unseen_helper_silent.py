"""Code the linter cannot read, handed the GPU model (lint34; set 34's inference helper, written three ways): a
method of a runner object built from a class of a module it cannot find, a function of such a module handed the
model, and a method of the model's own class that is not its forward; and the same through the module
(`metrics.evaluate(net, data)`, `engine.WorkerPool(net)`). Such helpers usually loop over batches and copy each
result back to the host, which waits; whether these do is not shown, so WP102 is weak here (shown only
with `extra`), also when the timed code goes on computing on what they returned."""
import time

import metrics
import torch
from evaluation import score_batches
from serving import engine
from models.gnn import GraphNet
from serving.engine import BatchRunner

net = torch.nn.Sequential(torch.nn.Linear(512, 512), torch.nn.ReLU(), torch.nn.Linear(512, 10)).cuda()
data = torch.randn(4096, 512)
labels = torch.randint(0, 10, (4096,))

runner = BatchRunner(net, device="cuda")
runner.run(data[:64])
t0 = time.time()
preds = runner.run(data)
acc = (preds.argmax(1) == labels).float().mean()
print("runner", time.time() - t0, acc)  # expect-extra: WP102

score_batches(net, data[:64])
t0 = time.time()
top1 = score_batches(net, data)
print("score", time.time() - t0, top1)  # expect-extra: WP102


metrics.evaluate(net, data[:64])
t0 = time.time()
report = metrics.evaluate(net, data)
print("metrics", time.time() - t0, report)  # expect-extra: WP102

pool = engine.WorkerPool(net, workers=2)
pool.map_batches(data[:64])
t0 = time.time()
rows = pool.map_batches(data)
print("pool", time.time() - t0, len(rows))  # expect-extra: WP102


def evaluate(feats, device):
    model = GraphNet(512, 10)
    model = model.to(device)
    with torch.no_grad():
        torch.argmax(model.infer_all(feats[:64], device, batch_size=64), dim=1)
        t0 = time.perf_counter()
        out = model.infer_all(feats, device, batch_size=256)
        top = torch.argmax(out, dim=1)
        print("infer_all", time.perf_counter() - t0)  # expect-extra: WP102
    return top


evaluate(data, torch.device("cuda"))
