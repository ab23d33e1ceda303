"""WP103, silent near the class of single_epoch_fresh_model_bad.py: a run of several epochs (a training run's wall
time), a warm-up epoch before the timed one, a model that already ran, and per-epoch samples that drop the first."""

import time

import tensorflow as tf
import torch
import torch.nn as nn
import torchvision


def fit_epochs(model, loader, n_epochs=1):
    loss_fn = nn.CrossEntropyLoss()
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    for epoch in range(n_epochs):
        for xb, yb in loader:
            xb, yb = xb.cuda(), yb.cuda()
            opt.zero_grad()
            loss_fn(model(xb), yb).backward()
            opt.step()


def full_run(loader):
    net = torchvision.models.resnet18(num_classes=10).cuda()
    t0 = time.perf_counter()
    fit_epochs(net, loader, n_epochs=20)
    torch.cuda.synchronize()
    print(f"training run: {time.perf_counter() - t0:.1f} s")


def epoch_after_epoch(loader):
    net = torchvision.models.resnet18(num_classes=10).cuda()
    fit_epochs(net, loader)  # untimed first epoch
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    fit_epochs(net, loader)
    torch.cuda.synchronize()
    print(f"second epoch: {time.perf_counter() - t0:.1f} s")


def keras_runs(x, y):
    clf = tf.keras.Sequential([tf.keras.layers.Dense(256, activation="relu"), tf.keras.layers.Dense(10)])
    clf.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
    start = time.perf_counter()
    clf.fit(x, y, epochs=10, batch_size=256, verbose=0)
    print(f"10 epochs: {time.perf_counter() - start:.2f} s")

    other = tf.keras.Sequential([tf.keras.layers.Dense(10)])
    other.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
    other.predict(x[:8])
    start = time.perf_counter()
    other.fit(x, y, epochs=1, batch_size=256, verbose=0)
    print(f"1 epoch after a predict: {time.perf_counter() - start:.2f} s")

    third = tf.keras.Sequential([tf.keras.layers.Dense(10)])
    third.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
    times = []
    for epoch in range(4):
        start = time.perf_counter()
        third.fit(x, y, epochs=1, batch_size=256, verbose=0)
        if epoch > 0:
            times.append(time.perf_counter() - start)
    print("per epoch:", sorted(times)[len(times) // 2])
