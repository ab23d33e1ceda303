"""Training times that span an evaluation run at every epoch, where the epoch's training runs in a called function
(twentieth session, looprecall): a function of the file that loops over the loader with a backward pass, a private
method of the trainer's own class, a helper that returns `end - start` of two clocks handed to it by keyword, a list
of per-epoch times read after the loop, and an evaluation runner's rollout in an RL update loop."""
import time

import torch


def train_one_epoch(model, loader, opt):
    model.train()
    for x, y in loader:
        loss = (model(x) - y).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


@torch.no_grad()
def evaluate(model, loader):
    model.eval()
    return sum(float((model(x) - y).abs().mean()) for x, y in loader)


def print_train_time(start, end, device=None):
    total = end - start
    print(f"train time on {device}: {total:.3f} s")
    return total


def fit(model, opt, train_loader, val_loader, epochs):
    start_time = time.time()
    for epoch in range(epochs):
        train_one_epoch(model, train_loader, opt)
        evaluate(model, val_loader)
    torch.cuda.synchronize()
    train_time = time.time() - start_time  # expect: WP116
    print(f"Training time: {train_time:.1f}s")


def fit_helper_clock(model, opt, train_loader, val_loader, epochs):
    t_start = time.perf_counter()
    for epoch in range(epochs):
        train_one_epoch(model, train_loader, opt)
        evaluate(model, val_loader)
    t_end = time.perf_counter()
    total = print_train_time(start=t_start, end=t_end, device="cuda")  # expect: WP116
    print(f"model train time: {total}")


class Trainer:
    def __init__(self, model, opt):
        self.model, self.opt = model, opt

    def __train_epoch(self, loader):
        self.model.train()
        n = 0
        for x, y in loader:
            self.__step(x, y)
            n += 1
        return n

    def __step(self, x, y):
        loss = (self.model(x) - y).pow(2).mean()
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()

    def __validation(self, loader):
        self.model.eval()
        with torch.no_grad():
            return sum(float(self.model(x).mean()) for x, _ in loader)

    def run(self, train_loader, val_loader, epochs, tokens_per_iter):
        total_duration, total_iters = 0.0, 0
        for epoch in range(epochs):
            t0 = time.time()
            iters = self.__train_epoch(train_loader)
            self.__validation(val_loader)
            torch.cuda.synchronize()
            epoch_duration = time.time() - t0  # expect: WP116
            total_duration += epoch_duration
            total_iters += iters
            print(f"epoch {epoch} completed in {epoch_duration} s")
        print(f"tokens/sec: {total_iters * tokens_per_iter / total_duration:.1f}")  # expect: WP116


def fit_with_saves(model, opt, loader, epochs, save_every, accelerator):
    train_times = []
    step = 0
    for epoch in range(epochs):
        t0 = time.time()
        for x, y in loader:
            loss = (model(x) - y).pow(2).mean()
            accelerator.backward(loss)
            opt.step()
            step += 1
            if step % save_every == 0:
                accelerator.save_state(f"step_{step}")
        train_times.append(time.time() - t0)  # expect: WP116
    print(f"Training throughput: {len(loader) * epochs / sum(train_times):.2f} samples/s")


def ppo_updates(model, runner, eval_runner, logger, nupdates, nbatch, noptepochs):
    for update in range(nupdates):
        tstart = time.perf_counter()
        batch = runner.run()
        eval_batch = eval_runner.run()
        for _ in range(noptepochs):
            for start in range(0, nbatch, 64):
                model.train(3e-4, *batch)
        tnow = time.perf_counter()
        fps = int(nbatch / (tnow - tstart))  # expect: WP116
        logger.logkv("fps", fps)
        logger.logkv("eval_len", len(eval_batch))
