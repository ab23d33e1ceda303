"""The near misses of `trainer_warms_model_silent.py`: the trainer ran another model (a teacher, another module),
so the timed model's first run is the timed one."""
import time

import lightning as L
import torch
from transformers import AutoModelForCausalLM, Trainer, TrainingArguments

teacher = AutoModelForCausalLM.from_pretrained("gpt2", device_map="cuda")
student = AutoModelForCausalLM.from_pretrained("distilgpt2", device_map="cuda")
Trainer(model=teacher, args=TrainingArguments("out"), train_dataset=None).train()
ids = torch.tensor([[1, 2, 3]], device="cuda")
t0 = time.perf_counter()
student.generate(ids, max_new_tokens=32)  # expect: WP103
torch.cuda.synchronize()
print("generate s", time.perf_counter() - t0)


class Net(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(64, 64)

    def forward(self, x):
        return self.lin(x)


net = Net()
other = Net()
trainer = L.Trainer(max_epochs=1, accelerator="gpu")
trainer.fit(other)
net = net.cuda().eval()
x = torch.randn(16, 64, device="cuda")
torch.cuda.synchronize()
begin = time.perf_counter()
for _ in range(100):
    net(x)  # expect: WP103
torch.cuda.synchronize()
print("forward s", (time.perf_counter() - begin) / 100)
