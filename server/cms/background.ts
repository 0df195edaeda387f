import type { Logger } from 'pino';

/**
 * Work an endpoint answers before doing (the 202 account endpoints: their answer must not depend on
 * whether the address has an account, not even in how long it takes). The server waits for what is
 * still running before it closes the database.
 */
export type BackgroundTasks = {
  run(name: string, work: () => unknown): void;
  /** Resolves when nothing is running. */
  idle(): Promise<void>;
};

export function backgroundTasks(logger: Logger): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  return {
    run(name, work) {
      const task: Promise<void> = Promise.resolve()
        .then(work)
        .then(
          () => undefined,
          (error: unknown) => logger.error({ err: error, task: name }, 'background task failed'),
        )
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
