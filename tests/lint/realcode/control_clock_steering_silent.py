"""A robot policy loop on the GPU: the clock differences only stop the episode and pace the actions (held145)."""
import time

import torch

device = torch.device("cuda")
policy = torch.nn.Linear(32, 6).to(device)
EPISODE_S = 60.0
PERIOD = 1 / 30


def act(obs):
    return policy(obs)


def send(action):
    pass


def run_episode():
    start = time.perf_counter()
    last = start
    steps = 0
    while True:
        if time.perf_counter() - start >= EPISODE_S:  # a time limit
            break
        t = time.perf_counter()
        action = act(torch.randn(1, 32, device=device))
        send(action)
        steps += 1
        time.sleep(max(0.0, PERIOD - (time.perf_counter() - t)))  # pacing to the control rate
        gap = time.perf_counter() - last  # a rate limiter
        if gap < PERIOD:
            time.sleep(PERIOD - gap)
        last = time.perf_counter()
    torch.cuda.synchronize()
    total = time.perf_counter() - start
    print(f"{steps} actions in {total:.1f}s")


def run_chunked(n_steps=8):
    start = time.perf_counter()
    done = 0
    while done < 1000:
        chunk = policy(torch.randn(n_steps, 32, device=device))  # a chunk of actions, queued on the GPU
        for i in range(n_steps):
            if time.perf_counter() - start >= EPISODE_S:  # the episode's time limit, inside the chunk
                break
            send(chunk[i])
            done += 1
    torch.cuda.synchronize()
    print(f"{done} actions in {time.perf_counter() - start:.1f}s")


if __name__ == "__main__":
    act(torch.randn(1, 32, device=device))
    run_episode()
    run_chunked()
