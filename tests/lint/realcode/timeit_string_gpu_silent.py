"""Near miss of ``timeit_string_gpu_bad.py``: the string handed to ``timeit`` imports only NumPy (a host
benchmark), so nothing there is GPU work."""

import timeit

code = '''
import numpy
a = numpy.ones(16, dtype=numpy.float32)
b = a * 2
'''

print(timeit.timeit(code, number=100) / 100)
