"""Silent near tf_graph_gpu_runs_bad.py: the GPU graph's input held in a variable (drawn once by its initializer),
one untimed run of the fetch before the timed ones, a graph placed on the CPU only, timed cold, and a GPU
graph timed inside a function (its callers may have run it first)."""

import time
import timeit

import tensorflow as tf

with tf.device("/gpu:0"):
    weights = tf.Variable(tf.random_normal((512, 512)))
    prod = tf.reduce_sum(tf.matmul(weights, weights))

with tf.device("/cpu:0"):
    host_w = tf.Variable(tf.random_normal((512, 512)))
    host_prod = tf.matmul(host_w, host_w)

sess = tf.Session()
sess.run(tf.global_variables_initializer())


def step():
    sess.run(prod)


step()
print("gpu", timeit.timeit("step()", number=50, setup="from __main__ import step"))

t0 = time.time()
sess.run(host_prod)
print("cpu", time.time() - t0)


def timed_fetch(fetch):
    start = time.perf_counter()
    sess.run(prod2)  # a function's region: its caller may have run the graph first
    return time.perf_counter() - start, fetch


with tf.device("/gpu:0"):
    prod2 = tf.matmul(weights, weights)
print(timed_fetch(prod2))
