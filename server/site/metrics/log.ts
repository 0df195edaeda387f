import { Counter, type Registry } from 'prom-client';
import type { ProcessLog } from '../../lib/log/process-log';

/**
 * Log lines the process dropped because its log destination took them slower than they came and its
 * buffer was full (LOG_BUFFER_KB): zero unless the log collector falls behind. Without a process log
 * (a test's own logger), none are.
 */
export function logMetrics(registry: Registry, log: Pick<ProcessLog, 'droppedLines'> | undefined): void {
  new Counter({
    name: 'site_log_lines_dropped_total',
    help: 'Log lines dropped because the log destination was slower than they came and LOG_BUFFER_KB were waiting already.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(log?.droppedLines ?? 0);
    },
  });
}
