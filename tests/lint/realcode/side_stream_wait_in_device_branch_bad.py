"""Set 46 class, the variant that is reported: the GPU branch of the device test launches the model on a side stream
and never waits for it, so the clock is read while the work is queued (the CPU branch does not excuse it)."""
import argparse
import time

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--device", default="cuda", choices=["cuda", "cpu"])
args = parser.parse_args()


class Server:
    def __init__(self, net):
        self.net = net.to(args.device)
        self.lane = torch.cuda.Stream() if args.device == "cuda" else None
        self.inputs = torch.randn(8, 256, device=args.device)
        with torch.inference_mode():
            for _ in range(5):
                self.net(self.inputs)

    def serve_ms(self):
        begin = time.perf_counter()
        with torch.inference_mode():
            if args.device == "cuda":
                with torch.cuda.stream(self.lane):
                    out = self.net(self.inputs)
            else:
                out = self.net(self.inputs)
        return out, (time.perf_counter() - begin) * 1e3  # expect: WP102
