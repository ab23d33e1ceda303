"""The same per-request benchmark with a warm-up loop that calls the very function timed, with the same (no)
arguments, just before the timed loop: the values the function makes (`img`) are new on every call, but the ops on
them and the model ran in the warm-up calls (WP103 silent)."""
import statistics
import time

import cv2
import torch
import torchvision.transforms as transforms
from letterbox import letterbox_for_img

model = torch.hub.load("hustvl/yolop", "yolop", pretrained=True)
model.eval()
model.to("cuda")
transform = transforms.Compose([transforms.ToTensor()])
image = cv2.imread("frame.jpg")


def prepare():
    img, _, _ = letterbox_for_img(image)
    return transform(img)


def inference():
    img, _, _ = letterbox_for_img(image)
    img = transform(img)
    img = img.unsqueeze(0).to("cuda")
    det, seg = model(img)


for _ in range(5):
    inference()

times = []
for _ in range(50):
    t0 = time.perf_counter()
    inference()
    torch.cuda.synchronize()
    times.append(time.perf_counter() - t0)
print("mean", statistics.mean(times), "stdev", statistics.stdev(times))
