import type { ProcessLog } from './process-log';

/**
 * An error nothing caught (an exception, or a rejection Node turns into one) ends the process as Node
 * would, with exit code 1, but only once its line and every line logged before it are written (or
 * the log has given up on a destination that takes nothing): Node's own exit on an uncaught exception
 * skips the 'exit' handlers where pino would have flushed them.
 */
export function exitOnFatalError(log: ProcessLog): void {
  let exiting = false;
  process.on('uncaughtException', (err, origin) => {
    // One is enough: what follows while the lines are written is most likely its consequence.
    if (exiting) return;
    exiting = true;
    log.logger.fatal({ err, origin }, 'uncaught exception: the process stops');
    void log.close().finally(() => process.exit(1));
  });
}
