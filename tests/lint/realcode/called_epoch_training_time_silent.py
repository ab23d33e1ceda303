"""Near misses of called_epoch_training_time_bad.py (twentieth session, looprecall): an epoch loop known by a
called epoch's training only, whose per-epoch time is printed as the epoch's wall time (not a training time, not a
rate: an average epoch time is the interval over a count, not a count over it); a called training function that
trains once (no loop: full-batch), with a run's duration read after it; a list of per-epoch times whose interval
restarts after the evaluation; and an evaluation runner's rollout before the clock starts."""
import time

import torch


def train_one_epoch(model, loader, opt):
    model.train()
    for x, y in loader:
        loss = (model(x) - y).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


def train_full_batch(model, features, labels, opt):
    model.train()
    opt.zero_grad()
    loss = (model(features) - labels).pow(2).mean()
    loss.backward()
    opt.step()


@torch.no_grad()
def evaluate(model, loader):
    model.eval()
    return sum(float((model(x) - y).abs().mean()) for x, y in loader)


def fit_epoch_wall_time(model, opt, train_loader, val_loader, epochs):
    et = time.time()
    for epoch in range(epochs):
        start = time.time()
        train_one_epoch(model, train_loader, opt)
        val = evaluate(model, val_loader)
        print(f"Epoch {epoch} val={val:.3f} Time={time.time() - start:.2f} sec")
    print("average epoch time:", (time.time() - et) / epochs)


def fit_full_batch(model, opt, features, labels, val_loader, epochs):
    t_total = time.time()
    for epoch in range(epochs):
        train_full_batch(model, features, labels, opt)
        torch.save(model.state_dict(), f"{epoch}.pkl")
    print("Total time elapsed: {:.4f}s".format(time.time() - t_total))


def fit_restarted(model, opt, train_loader, val_loader, epochs):
    train_times = []
    for epoch in range(epochs):
        evaluate(model, val_loader)
        t0 = time.time()
        train_one_epoch(model, train_loader, opt)
        train_times.append(time.time() - t0)
    print(f"Training throughput: {len(train_loader) * epochs / sum(train_times):.2f} batches/s")


def ppo_updates(model, runner, eval_runner, logger, nupdates, nbatch, noptepochs):
    for update in range(nupdates):
        eval_batch = eval_runner.run()
        tstart = time.perf_counter()
        batch = runner.run()
        for _ in range(noptepochs):
            for start in range(0, nbatch, 64):
                model.train(3e-4, *batch)
        tnow = time.perf_counter()
        fps = int(nbatch / (tnow - tstart))
        logger.logkv("fps", fps)
        logger.logkv("eval_len", len(eval_batch))
