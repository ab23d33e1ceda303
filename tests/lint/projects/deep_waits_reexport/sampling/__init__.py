from sampling.decode import sample_loop, greedy_loop

__all__ = ["sample_loop", "greedy_loop"]
