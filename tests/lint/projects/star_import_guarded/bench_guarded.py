"""A star import of a module that defines its GPU class and function inside `try:` (CuPy optional): the walk cannot
name the calls' objects, yet their first runs are timed, each between two events. The linter crashed on this
(an unnamed work item, set 97 of the sixteenth session); now the first calls are reported like any other."""
if __name__ == "__main__":
    import numpy as np

    from kernels import *  # noqa: F403
    from timers import Timer

    timer = Timer()
    x = np.ones(1000, dtype=np.float32)
    try:
        import cupy as cp
        b = Batched(1000)
        d_x = cp.asarray(x)
        timer.start()
        e1 = cp.cuda.get_current_stream().record()
        d_out = b.run(d_x)  # expect: WP103
        e2 = cp.cuda.get_current_stream().record()
        e2.synchronize()
        print(cp.cuda.get_elapsed_time(e1, e2))
        e1 = cp.cuda.get_current_stream().record()
        d_k = scale(d_x)  # expect: WP103
        e2 = cp.cuda.get_current_stream().record()
        e2.synchronize()
        print(cp.cuda.get_elapsed_time(e1, e2))
        timer.evt("gpu")
    except ImportError:
        pass
