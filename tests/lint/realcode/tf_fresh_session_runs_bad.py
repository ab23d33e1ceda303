"""Sets 80 and 87 class (coldcalls): a TensorFlow 1 graph built under a GPU device scope named through a variable
(``device_name = "/gpu:0"``, or a loop over written-out devices), run in a session made in the timed region or in
the same iteration: each timed ``sess.run`` is the first run of a new graph in a new session (WP103), whoever calls
the function and however often its loop turns."""

import time

import tensorflow as tf

device_name = "/gpu:0"
with tf.device(device_name):
    m = tf.random_uniform(shape=(4000, 4000), minval=0, maxval=1)
    total = tf.reduce_sum(tf.matmul(m, tf.transpose(m)))

start = time.perf_counter()
with tf.Session() as session:
    result = session.run(total)  # expect: WP103
print("Time taken:", time.perf_counter() - start)


def sweep(sizes):
    times = {"/device:GPU:0": [], "/device:CPU:0": []}
    for n in sizes:
        for dev in times.keys():
            with tf.device(dev):
                a = tf.random_uniform(shape=(n, n), minval=0, maxval=1)
                prod = tf.matmul(a, a)
            with tf.Session() as sess:
                t0 = time.perf_counter()
                sess.run(prod)  # expect: WP103
                times[dev].append(time.perf_counter() - t0)
    return times


print(sweep([500, 1000, 2000]))
