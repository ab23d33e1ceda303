"""Mid-point set 37 class (a false "first GPU call creates the CUDA context"): a notebook-style script loads a model
with ``device_map={"": 0}`` (its weights go to GPU 0, creating the context) and fine-tunes it with a trainer, then
times a generation whose first statement moves the prompt with ``.to("cuda")``. The context exists long before that
copy; the generation ran once before (on the model's device)."""

import time

from transformers import AutoModelForCausalLM, AutoTokenizer, Trainer, TrainingArguments

tok = AutoTokenizer.from_pretrained("org/small-lm")
lm = AutoModelForCausalLM.from_pretrained("org/small-lm", device_map={"": 0})
trainer = Trainer(model=lm, args=TrainingArguments(output_dir="out"), train_dataset=[])
trainer.train()
lm.generate(**tok("warm", return_tensors="pt").to(lm.device), max_new_tokens=4)

t0 = time.time()
batch = tok("Tell me a story", return_tensors="pt").to("cuda")
reply = lm.generate(**batch, max_new_tokens=64)
print("seconds", time.time() - t0)
