"""A project module that loads a model and puts it on the GPU (crossmod fixtures)."""
import torch


def load_model(dim=1024):
    model = torch.nn.Sequential(torch.nn.Linear(dim, dim), torch.nn.GELU(), torch.nn.Linear(dim, dim))
    return model.cuda().eval()
