"""Near misses of WP116's every-epoch work (found when the regression sets ran): a `no_grad` loop of arithmetic that
is part of the update (an advantage recursion), a clock restarted inside the step loop (the window read after the
loop starts after the epoch's evaluation), and a save on the last step only, before `break`, in a loop whose only
nested loop runs over the optimizers."""
import time

import torch


def ppo(agent, envs, optimizer, rewards, values, dones, updates, num_steps, gamma):
    global_step = 0
    start_time = time.time()
    for update in range(1, updates + 1):
        for step in range(num_steps):
            global_step += 1
            with torch.no_grad():
                values[step] = agent.get_value(envs.obs())
        with torch.no_grad():
            advantages = torch.zeros_like(rewards)
            last = 0
            for t in reversed(range(num_steps)):
                delta = rewards[t] + gamma * values[t] * (1.0 - dones[t]) - values[t]
                advantages[t] = last = delta + gamma * last
        for epoch in range(4):
            loss = agent.loss(advantages).mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        print("SPS:", int(global_step / (time.time() - start_time)))


def epochs_with_restart_in_step_loop(model, opt, train_loader, eval_loader, epochs):
    start = time.time()
    for epoch in range(epochs):
        for i, (x, y) in enumerate(train_loader):
            if i >= 10:
                start = time.time()
            loss = (model(x) - y).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        print("Average Training Iteration Time:", (time.time() - start) / (i - 10), "s/iter")
        with torch.no_grad():
            for x, y in eval_loader:
                model(x)


def speedrun(model, optimizers, batches, steps):
    t0 = time.perf_counter()
    for step in range(steps + 1):
        if step == steps:
            torch.save(model.state_dict(), "final.pt")
            break
        x, y = next(batches)
        model(x, y).backward()
        for opt in optimizers:
            opt.step()
        model.zero_grad(set_to_none=True)
        print(f"step:{step + 1} train_time:{1000 * (time.perf_counter() - t0):.0f}ms")
