"""Near miss of ``timeit_string_gpu_bad.py``: one string handed to ``timeit`` imports only NumPy (a host benchmark),
and the PyCUDA one times the host-to-device copy alone (an allocation and a blocking copy, no kernel): the transfer
is what it measures."""

import timeit

host = '''
import numpy
a = numpy.ones(16, dtype=numpy.float32)
b = a * 2
'''

transfer = '''
import numpy
import pycuda.autoinit
import pycuda.driver as drv

a = numpy.ones(1 << 20, dtype=numpy.float32)
a_gpu = drv.mem_alloc(a.nbytes)
drv.memcpy_htod(a_gpu, a)
'''

print("host:", timeit.timeit(host, number=100) / 100)
print("host to device copy:", timeit.timeit(transfer, number=100) / 100)
