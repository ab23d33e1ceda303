import importlib
import sys
import time

import torch

spec = importlib.import_module(sys.argv[1])
net = spec.model
settings = spec.settings
settings.update({"device": "cuda", "steps": 40})
net = net.to(settings["device"])


def sample_once():
    net.eval()
    with torch.no_grad():
        start = time.time()
        out = net(sample=True)  # expect: WP103
        torch.cuda.synchronize()
        stop = time.time()
    print("sampling time (s):", stop - start, float(out.abs().mean()))


if __name__ == "__main__":
    sample_once()
