from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="edge_ext",
    ext_modules=[CUDAExtension("edge_ext", ["csrc/edge.cpp", "csrc/edge_kernel.cu"])],
    cmdclass={"build_ext": BuildExtension},
)
