"""Near miss: the helper called at every episode end only logs under its own schedule (no evaluation, save or
sampling): the steps-per-second since the loop began holds training and logging alone."""
import time

import torch


class GapStats:
    def __init__(self):
        self._last_log = 0
        self.returns = []

    def plot_gap(self, writer, step):
        if step - self._last_log > 10000:
            self._last_log = step
            writer.add_scalar("charts/gap", max(self.returns) - sum(self.returns) / len(self.returns), step)


def train(env, q_net, opt, writer, total_steps):
    stats = GapStats()
    start_time = time.time()
    obs = env.reset()
    for global_step in range(total_steps):
        action = q_net(torch.as_tensor(obs, device="cuda")).argmax().item()
        obs, reward, done, info = env.step(action)
        if done:
            stats.returns.append(info["return"])
            stats.plot_gap(writer, global_step)
            obs = env.reset()
        loss = q_net(torch.as_tensor(obs, device="cuda")).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        if global_step % 100 == 0:
            writer.add_scalar("charts/SPS", int(global_step / (time.time() - start_time)), global_step)
