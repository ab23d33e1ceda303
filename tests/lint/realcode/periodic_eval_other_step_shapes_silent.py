"""Not a training step time: a TF1 session that only evaluates (no training op fetched), a meter whose `update` is
bookkeeping (no learning rate), and a running average whose clock restarts after the evaluation."""
import time


def evaluate(model):
    return 0.0


def infer_tf1(sess, model, feeds, validate_every=100):
    avg_time = 0.0
    for n, feed in enumerate(feeds):
        t = time.time()
        sess.run([model.loss, model.preds], feed_dict=feed)
        if n % validate_every == 0:
            evaluate(model)
        avg_time = (avg_time * n + time.time() - t) / (n + 1)
        print("time", avg_time)


def rollouts(meter, envs, policy, args):
    start = time.time()
    for j in range(args.updates):
        r = envs.collect(policy)
        meter.update(r)
        if j % args.eval_interval == 0:
            evaluate(policy)
        print("FPS", int((j + 1) * args.steps / (time.time() - start)))


def train_tf1_restarted(sess, model, feeds, validate_every=100):
    avg_time = 0.0
    for n, feed in enumerate(feeds):
        if n % validate_every == 0:
            evaluate(model)
        t = time.time()
        sess.run([model.opt_op, model.loss], feed_dict=feed)
        avg_time = (avg_time * n + time.time() - t) / (n + 1)
        print("time", avg_time)
