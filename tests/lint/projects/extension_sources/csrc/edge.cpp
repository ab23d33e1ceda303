#include <torch/extension.h>

torch::Tensor edge_filter_cuda(torch::Tensor img);
torch::Tensor edge_filter_async_cuda(torch::Tensor img);

torch::Tensor edge_filter(torch::Tensor img) {
  TORCH_CHECK(img.is_cuda(), "img must be a CUDA tensor");
  return edge_filter_cuda(img);
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("forward", &edge_filter, "edge filter, waits for the device");
  m.def("forward_async", &edge_filter_async_cuda, "edge filter, returns after the launch");
}
