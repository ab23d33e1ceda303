"""Sets 80 and 87 class (coldcalls), silent side: the graph run once in its new session before the timed run, a
graph built under a CPU device scope named through a variable, and a graph built once before the loop that times
it in one session (its later runs are warm; the loop's samples are not averaged)."""

import time

import tensorflow as tf

device_name = "/gpu:0"
with tf.device(device_name):
    m = tf.random_uniform(shape=(4000, 4000), minval=0, maxval=1)
    total = tf.reduce_sum(tf.matmul(m, tf.transpose(m)))

with tf.Session() as session:
    session.run(total)
    start = time.perf_counter()
    result = session.run(total)
    print("Time taken:", time.perf_counter() - start)

cpu_name = "/cpu:0"
with tf.device(cpu_name):
    c = tf.random_uniform(shape=(400, 400), minval=0, maxval=1)
    cprod = tf.matmul(c, c)

start = time.perf_counter()
with tf.Session() as s2:
    s2.run(cprod)
print("cpu:", time.perf_counter() - start)
