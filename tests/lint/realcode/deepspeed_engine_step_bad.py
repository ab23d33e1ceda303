"""DeepSpeed's `engine.backward()` waits only under some ZeRO settings (stage 2 with `overlap_comm`): a backward
time read right after it, with no synchronize, is reported. An engine handed `training_data` starts its throughput
timer from its own loader only, so a step timed while drawing from another loader is not taken to wait."""
import time

import deepspeed
import torch

from model import Net  # a module the linter cannot read


def train(steps):
    model = Net()
    engine, optimizer, _, _ = deepspeed.initialize(model=model, model_parameters=model.parameters(),
                                                   config="ds_config.json")
    loss_fn = torch.nn.CrossEntropyLoss()
    bwd_times = []
    for step in range(steps):
        x = torch.randn(16, 512, device=engine.device)
        y = torch.randint(0, 10, (16,), device=engine.device)
        loss = loss_fn(engine(x), y)
        t0 = time.time()
        engine.backward(loss)
        bwd_times.append(time.time() - t0)  # expect: WP102
        engine.step()
    print("backward", min(bwd_times), sorted(bwd_times)[len(bwd_times) // 2], max(bwd_times))


def train_with_data(steps, data):
    model = Net()
    other, _, _, _ = deepspeed.initialize(model=model, model_parameters=model.parameters(), training_data=data,
                                          config="ds_config.json")
    loss_fn = torch.nn.CrossEntropyLoss()
    step_times = []
    for step in range(steps):
        x = torch.randn(16, 512, device=other.device)
        y = torch.randint(0, 10, (16,), device=other.device)
        start = time.time()
        loss = loss_fn(other(x), y)
        other.backward(loss)
        other.step()
        step_times.append(time.time() - start)  # expect: WP102
    print("step", min(step_times), sorted(step_times)[len(step_times) // 2], max(step_times))
