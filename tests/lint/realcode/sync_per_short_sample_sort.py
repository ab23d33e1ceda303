"""WP101 (set 58's class): a sort, top-k or histogram of a small tensor timed with an event pair and a synchronize
per sample, the sizes given by the test's parametrization (`@parameterized.parameters(*CASES)`,
`@pytest.mark.parametrize`): each sample of a ~10 µs op measures the launch latency after an idle GPU. Silent: a
sort of 2^24 keys (about a millisecond), a sort whose size no row gives, and a parametrized matmul of 4096^3."""
import unittest

import pytest
import torch
from absl.testing import parameterized

SMALL = (
    (8192, torch.int32),
    (32768, torch.int64),
)
LARGE = ((1 << 24, torch.int32),)


def event_samples(fn, reps=25):
    fn()
    out = []
    for _ in range(reps):
        a = torch.cuda.Event(enable_timing=True)
        b = torch.cuda.Event(enable_timing=True)
        a.record()
        fn()
        b.record()
        torch.cuda.synchronize()  # expect: WP101
        out.append(a.elapsed_time(b))
    return sorted(out)


class KeyOps(parameterized.TestCase):

    @parameterized.parameters(*SMALL)
    def test_sort(self, n, dtype):
        keys = torch.randint(0, 1000, (n,)).cuda().to(dtype)
        print(event_samples(lambda: torch.sort(keys)))

    @parameterized.parameters(*SMALL)
    def test_histc(self, n, dtype):
        vals = torch.randint(0, 64, (n,)).cuda().to(dtype).float()
        print(event_samples(lambda: torch.histc(vals, 64, 0, 63)))


def host_samples(fn, reps=25):
    fn()
    out = []
    for _ in range(reps):
        a = torch.cuda.Event(enable_timing=True)
        b = torch.cuda.Event(enable_timing=True)
        a.record()
        fn()
        b.record()
        torch.cuda.synchronize()
        out.append(a.elapsed_time(b))
    return sorted(out)


class BigKeys(parameterized.TestCase):

    @parameterized.parameters(*LARGE)
    def test_big_sort(self, n, dtype):
        keys = torch.randint(0, 1000, (n,)).cuda().to(dtype)
        print(host_samples(lambda: keys.sort()))

    def test_unsized_topk(self, n=None):
        keys = torch.rand(n).cuda()
        print(host_samples(lambda: torch.topk(keys, 8)))


@pytest.mark.parametrize("n", [4096])
def test_big_matmul(n):
    a = torch.randn(n, n, device="cuda")
    print(host_samples(lambda: a @ a))


def pytest_samples(fn, reps=25):
    fn()
    out = []
    for _ in range(reps):
        a = torch.cuda.Event(enable_timing=True)
        b = torch.cuda.Event(enable_timing=True)
        a.record()
        fn()
        b.record()
        torch.cuda.synchronize()  # expect: WP101
        out.append(a.elapsed_time(b))
    return sorted(out)


@pytest.mark.parametrize("rows, k", [(64, 8), (256, 16)])
def test_topk(rows, k):
    scores = torch.rand(rows, 128, device="cuda")
    print(pytest_samples(lambda: torch.topk(scores, k)))


if __name__ == "__main__":
    unittest.main()
