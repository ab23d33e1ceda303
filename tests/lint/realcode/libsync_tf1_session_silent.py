# Near miss: a TensorFlow 1 program that names its GPU path: the graph ops only add nodes and mon_sess.run() returns
# once each step is done, so the total read after gpu_train() covers the work.
import time

import tensorflow as tf


def gpu_train(steps):
    x = tf.placeholder(tf.float32, [None, 64])
    w = tf.Variable(tf.zeros([64, 64]))
    loss = tf.reduce_sum(tf.matmul(x, w))
    train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss)
    with tf.train.MonitoredTrainingSession(config=tf.ConfigProto()) as mon_sess:
        for _ in range(steps):
            mon_sess.run(train_op)


def main():
    start = time.time()
    gpu_train(100)
    print("Training Time: %f" % (time.time() - start))


main()
