"""Near miss: the same run's total printed as the run's wall time (not as training time, not as a rate): a total
should count everything, the validation included."""
import time

import torch


def evaluate(model, graph, mask):
    model.eval()
    with torch.no_grad():
        logits = model(graph)
    return (logits[mask].argmax(1) == graph.y[mask]).float().mean().item()


def train(model, opt, batches, graph, val_mask, epochs, val_every=1):
    best = -1.0
    start_time = time.time()
    for epoch in range(epochs):
        model.train()
        for sub in batches:
            loss = torch.nn.functional.cross_entropy(model(sub), sub.y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        if epoch % val_every == 0:
            acc = evaluate(model, graph, val_mask)
            if acc > best:
                best = acc
                torch.save(model.state_dict(), "best.pt")
    torch.cuda.synchronize()
    end_time = time.time()
    print(f"total run time {end_time - start_time}")
