"""The project's agent: its actions are copied back to the host (`mu.cpu().data.numpy()`) for the environment."""
import torch


class SacAgent:
    def __init__(self, obs_dim, act_dim, device):
        self.device = device
        self.actor = torch.nn.Sequential(torch.nn.Linear(obs_dim, 256), torch.nn.ReLU(),
                                         torch.nn.Linear(256, act_dim)).to(device)

    def select_action(self, obs):
        with torch.no_grad():
            obs = torch.as_tensor(obs, device=self.device).float().unsqueeze(0)
            mu = self.actor(obs)
            return mu.cpu().data.numpy().flatten()

    def act_on_device(self, obs):
        return self.actor(obs)
