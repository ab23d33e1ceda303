"""WP103 class (set 51): the only training epoch of a freshly built model is timed once and reported as "the epoch
time" to compare set-ups. With one epoch, the first steps' one-off start (kernels' first loads, cuDNN autotuning,
the loader's workers; a Keras model's train-function tracing) is a large part of the figure."""

import time

import tensorflow as tf
import torch
import torch.nn as nn
import torchvision


def fit_one_epoch(model, loader):
    loss_fn = nn.CrossEntropyLoss()
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    n_epochs = 1
    for epoch in range(n_epochs):
        for xb, yb in loader:
            xb, yb = xb.cuda(), yb.cuda()
            opt.zero_grad()
            loss_fn(model(xb), yb).backward()
            opt.step()
        print("epoch", epoch, "done")


def compare(loader):
    net = torchvision.models.resnet18(num_classes=10).cuda()
    net = nn.DataParallel(net)
    t0 = time.perf_counter()
    fit_one_epoch(net, loader)  # expect: WP103
    torch.cuda.synchronize()
    print(f"DataParallel, 1 epoch: {time.perf_counter() - t0:.1f} s")


def keras_epoch(x, y, device):
    with tf.device(device):
        clf = tf.keras.Sequential([tf.keras.layers.Dense(256, activation="relu"), tf.keras.layers.Dense(10)])
        clf.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
        began = time.perf_counter()
        clf.fit(x, y, epochs=1, batch_size=256, verbose=0)  # expect: WP103
        took = time.perf_counter() - began
    print(f"{device}: {took:.2f} s per epoch")
    return took
