"""A DALI pipeline built for GPU 0 and wrapped in its PyTorch iterator before the timed loop: DALI opens the device
when it builds the pipeline and the iterator runs it at once (the first batch is already in device memory), so the
`.cuda()` of each batch in the loop is not the script's first CUDA call (near miss:
`dali_pipeline_before_loop_bad.py`, host batches from a torch `DataLoader`)."""
import time

import nvidia.dali.fn as fn
from nvidia.dali.pipeline import Pipeline
from nvidia.dali.plugin.pytorch import DALIGenericIterator


class DecodePipe(Pipeline):
    def __init__(self, batch_size, num_threads, device_id, root):
        super().__init__(batch_size, num_threads, device_id, seed=7)
        self.root = root

    def define_graph(self):
        jpegs, labels = fn.readers.file(file_root=self.root, name="files")
        images = fn.decoders.image(jpegs, device="mixed")
        return images, labels.gpu()


pipe = DecodePipe(batch_size=128, num_threads=4, device_id=0, root="/data/train")
loader = DALIGenericIterator([pipe], ["images", "labels"], reader_name="files")

start = time.time()
for batch in loader:
    images = batch[0]["images"].cuda(non_blocking=True)
    labels = batch[0]["labels"].cuda(non_blocking=True)
print("epoch of batches", time.time() - start)
