"""Silent near tf_eager_sample_inputs_bad.py: the input drawn and the layer built once, outside the timed function;
the same per-sample draw with no device named (TensorFlow picks the device: the code shows no GPU), and the noise
a training step draws (the algorithm's own, not a benchmark input)."""

import timeit

import tensorflow as tf

with tf.device("/GPU:0"):
    pic = tf.random.normal((16, 64, 64, 3))
    conv = tf.keras.layers.Conv2D(8, 5)
    conv(pic)


def run_device():
    with tf.device("/GPU:0"):
        return tf.reduce_mean(conv(pic)).numpy()


def run_default():
    x = tf.random.normal((16, 64, 64, 3))
    return tf.reduce_mean(tf.keras.layers.Conv2D(8, 5)(x)).numpy()


run_device()
run_default()
print(timeit.timeit("run_device()", number=10, setup="from __main__ import run_device"))
print(timeit.timeit("run_default()", number=10, setup="from __main__ import run_default"))


def train_step(gen, opt):
    with tf.device("/GPU:0"):
        noise = tf.random.normal((16, 100))
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(gen(noise))
        opt.apply_gradients(zip(tape.gradient(loss, gen.trainable_variables), gen.trainable_variables))
        return loss.numpy()


generator = tf.keras.Sequential([tf.keras.layers.Dense(64)])
adam = tf.keras.optimizers.Adam()
train_step(generator, adam)
print(timeit.timeit(lambda: train_step(generator, adam), number=10))  # a GAN step's noise is the algorithm's draw
