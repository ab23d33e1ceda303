"""Copies right after an explicit synchronize wait for nothing (set 8): a validation loop that synchronizes before
reading its metrics is not a hidden sync (WP114); the same loop without it is. A program's total time around a
finer interval: the output loop's `.cpu()` is the run's own work, outside the measured translation."""
import time

import torch


def validate(model, loader, meter):
    end = time.time()
    for images, target in loader:
        images = images.cuda(non_blocking=True)
        output = model(images)
        loss = torch.nn.functional.cross_entropy(output, target.cuda())
        if torch.cuda.is_available():
            torch.cuda.synchronize()
        meter.update(loss.item(), images.size(0))
        meter.update_time(time.time() - end)
        end = time.time()


def validate_hidden(model, loader, meter):
    end = time.time()
    for images, target in loader:
        images = images.cuda(non_blocking=True)
        output = model(images)
        loss = torch.nn.functional.cross_entropy(output, target.cuda())
        meter.update(loss.item(), images.size(0))  # expect: WP114
        meter.update_time(time.time() - end)
        end = time.time()


def translate_all(generator, batches):
    start_time = time.time()
    total_translate = 0.0
    results = []
    for batch in batches:
        t0 = time.time()
        hypos = generator.generate(batch.cuda())
        torch.cuda.synchronize()
        total_translate += time.time() - t0
        results.append(hypos)
    for hypos in results:
        for hypo in hypos:
            print(hypo["tokens"].int().cpu())
    print(f"Total time: {time.time() - start_time:.3f} s; translation: {total_translate:.3f} s")
