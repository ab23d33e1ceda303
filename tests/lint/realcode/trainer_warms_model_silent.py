"""WP103 precision (ninth session, lint43; sets 37 and 39 class, "training before evaluation"): a model first run
by a training library's trainer it was handed is warm afterwards: a Hugging Face `Trainer` built around it and
`train()`ed, a trl `SFTTrainer`, a Lightning `Trainer.fit(module)`. The CUDA context exists after them too."""
import time

import lightning as L
import torch
from transformers import AutoModelForCausalLM, Trainer, TrainingArguments
from trl import SFTTrainer

model = AutoModelForCausalLM.from_pretrained("gpt2", device_map="cuda")
Trainer(model=model, args=TrainingArguments("out"), train_dataset=None).train()
ids = torch.tensor([[1, 2, 3]], device="cuda")
t0 = time.perf_counter()
model.generate(ids, max_new_tokens=32)
torch.cuda.synchronize()
print("generate s", time.perf_counter() - t0)

tuned = AutoModelForCausalLM.from_pretrained("gpt2").cuda()
sft = SFTTrainer(tuned, train_dataset=None)
sft.train()
start = time.perf_counter()
tuned.generate(ids, max_new_tokens=32)
torch.cuda.synchronize()
print("tuned generate s", time.perf_counter() - start)


class Net(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(64, 64)

    def forward(self, x):
        return self.lin(x)


net = Net()
trainer = L.Trainer(max_epochs=1, accelerator="gpu")
trainer.fit(net)
net = net.cuda().eval()
x = torch.randn(16, 64, device="cuda")
torch.cuda.synchronize()
begin = time.perf_counter()
for _ in range(100):
    net(x)
torch.cuda.synchronize()
print("forward s", (time.perf_counter() - begin) / 100)
