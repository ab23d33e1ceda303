"""A third shape: the returned events kept in a dict by key, in a function the script calls once; the first SVD
(cuSOLVER handle, workspace) is the only sample."""

import cupy as cp


def time_svd(n):
    a = cp.random.standard_normal((n, n), dtype=cp.float32)
    marks = {}
    st = cp.cuda.Stream(non_blocking=True)
    with st:
        marks["start"] = st.record()
        u, s, vt = cp.linalg.svd(a)  # expect: WP103
        marks["stop"] = st.record()
    marks["stop"].synchronize()
    return cp.cuda.get_elapsed_time(marks["start"], marks["stop"])


if __name__ == "__main__":
    print("svd ms", time_svd(4096))
