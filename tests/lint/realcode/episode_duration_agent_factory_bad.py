"""An RL loop's per-episode duration that holds the periodic evaluation: the agent's `update(...)` is a training
step because the factory of the file builds it with learning rates (`actor_lr=`, `critic_lr=`)."""
import time


class SacAgent:
    def __init__(self, obs_shape, actor_lr, critic_lr):
        self.obs_shape = obs_shape

    def update(self, buffer, logger, step):
        pass


def make_agent(obs_shape, args):
    return SacAgent(obs_shape, actor_lr=args.actor_lr, critic_lr=args.critic_lr)


def evaluate(env, agent, episodes, logger, step):
    for _ in range(episodes):
        env.reset()


def run(env, buffer, logger, args):
    agent = make_agent(env.obs_shape, args)
    done, start_time = True, time.time()
    for step in range(args.num_train_steps):
        if step % args.eval_freq == 0:
            evaluate(env, agent, args.num_eval_episodes, logger, step)
        if done:
            if step > 0:
                logger.log("train/duration", time.time() - start_time, step)  # expect: WP116
                start_time = time.time()
            obs = env.reset()
            done = False
        if step >= args.init_steps:
            agent.update(buffer, logger, step)
        obs, reward, done, _ = env.step(env.action_space.sample())
