"""Periodic evaluation inside a training step time, in shapes the interval was not followed through: the
evaluation in an `if` test, a running average of the step time (`(avg * n + time.time() - t) / (n + 1)`), a TF1
session step that fetches the training op, and an RL agent built with a learning rate whose `update` is the step."""
import time

import torch


def evaluate(model):
    model.eval()
    return 0.0


def maybe_evaluate_and_save(model, step):
    loss = evaluate(model)
    torch.save(model.state_dict(), "ckpt.pt")
    return loss < 1.0


def train(model, opt, batches, eval_every=500):
    t0 = time.time()
    for step, (x, y) in enumerate(batches):
        if step % eval_every == 0:
            if maybe_evaluate_and_save(model, step):
                print("saved")
        torch.nn.functional.mse_loss(model(x), y).backward()
        opt.step()
        opt.zero_grad()
        t1 = time.time()
        dt = t1 - t0  # expect: WP116
        t0 = t1
        print(f"step {step}: {dt * 1000:.1f} ms")


def train_tf1(sess, model, feeds, validate_every=100):
    avg_time = 0.0
    for n, feed in enumerate(feeds):
        t = time.time()
        outs = sess.run([model.opt_op, model.loss], feed_dict=feed)
        if n % validate_every == 0:
            evaluate(model)
        avg_time = (avg_time * n + time.time() - t) / (n + 1)  # expect: WP116
        if n % 10 == 0:
            print("loss", outs[1], "time", avg_time)


def train_agent(algo, policy, envs, args):
    agent = algo.PPO(policy, clip=0.2, lr=args.lr)
    start = time.time()
    for j in range(args.updates):
        rollouts = envs.collect(policy)
        agent.update(rollouts)
        if j % args.save_interval == 0:
            torch.save(policy, "policy.pt")
        if j % args.log_interval == 0:
            frames = (j + 1) * args.steps
            print("FPS", int(frames / (time.time() - start)))  # expect: WP116
