"""A statistics helper called at every episode end that runs a greedy evaluation on its own schedule (`if step -
self._last_eval > 10000:`): the steps-per-second since the loop began counts those evaluation games as training."""
import time

import torch


class GapStats:
    def __init__(self, policy, eval_env):
        self.policy, self.eval_env = policy, eval_env
        self._last_eval = 0
        self.returns = []

    def plot_gap(self, writer, step):
        writer.add_scalar("charts/gap", max(self.returns) - sum(self.returns) / len(self.returns), step)
        if step - self._last_eval > 10000:
            self._last_eval = step
            writer.add_scalar("charts/greedy", self.eval_deterministic(), step)

    def eval_deterministic(self):
        obs, total, done = self.eval_env.reset(), 0.0, False
        while not done:
            with torch.no_grad():
                action = self.policy(torch.as_tensor(obs, device="cuda")).argmax().item()
            obs, reward, done, _ = self.eval_env.step(action)
            total += reward
        return total


def train(env, eval_env, q_net, opt, writer, total_steps):
    stats = GapStats(q_net, eval_env)
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
            writer.add_scalar("charts/SPS", int(global_step / (time.time() - start_time)), global_step)  # expect: WP116
