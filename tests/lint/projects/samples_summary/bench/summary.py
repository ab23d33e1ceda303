"""Summaries of a small benchmark project: the caller takes the samples and hands them here."""
import statistics


def mean_of(samples):
    return sum(samples) / len(samples)


def describe(samples, label):
    q = statistics.quantiles(samples, n=20)
    print(f"{label}: mean {statistics.mean(samples):.3f}, p5 {q[0]:.3f}, p95 {q[-1]:.3f}, n={len(samples)}")
