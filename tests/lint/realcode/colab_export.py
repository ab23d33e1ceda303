# A notebook exported to .py from Colab (set 24): IPython lines (`!pip install`, `%matplotlib inline`, a shell
# command continued with a backslash, a `%%time` cell) make the file invalid Python; they are read as a notebook's
# cells are, so the rest of the file is linted, at its own line numbers.
!pip install triton
%matplotlib inline
!wget -q https://example.com/weights.bin \
    -O weights.bin

import time

import torch

x = torch.randn(4096, 4096, device="cuda")
t0 = time.time()
y = x @ x  # expect: WP103
elapsed = time.time() - t0  # expect: WP102
print(f"{elapsed * 1e3:.2f} ms")

%%time
for _ in range(10):
    y = x @ x
torch.cuda.synchronize()
