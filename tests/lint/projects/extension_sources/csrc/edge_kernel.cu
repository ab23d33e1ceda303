#include <torch/extension.h>

__global__ void edge_kernel(const float* in, float* out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x > 0 && y > 0 && x < w - 1 && y < h - 1) {
    out[y * w + x] = in[y * w + x + 1] - in[y * w + x - 1];
  }
}

torch::Tensor edge_filter_cuda(torch::Tensor img) {
  auto out = torch::zeros_like(img);
  dim3 block(16, 16);
  dim3 grid((img.size(1) + 15) / 16, (img.size(0) + 15) / 16);
  edge_kernel<<<grid, block>>>(img.data_ptr<float>(), out.data_ptr<float>(), img.size(1), img.size(0));
  cudaDeviceSynchronize();
  return out;
}

torch::Tensor edge_filter_async_cuda(torch::Tensor img) {
  auto out = torch::zeros_like(img);
  dim3 block(16, 16);
  dim3 grid((img.size(1) + 15) / 16, (img.size(0) + 15) / 16);
  edge_kernel<<<grid, block>>>(img.data_ptr<float>(), out.data_ptr<float>(), img.size(1), img.size(0));
  return out;
}
