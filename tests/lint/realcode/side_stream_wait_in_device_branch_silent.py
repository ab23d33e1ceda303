"""Set 46 class: the timed region branches on the device; the GPU branch runs the model on a side stream and waits
for that stream before the branch ends, the other branch runs the same model on the CPU. Nothing is left queued on the
GPU when the clock is read (silent). The bad variant forgets the stream's wait on the GPU branch."""
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
                self.lane.synchronize()
            else:
                out = self.net(self.inputs)
        return out, (time.perf_counter() - begin) * 1e3
