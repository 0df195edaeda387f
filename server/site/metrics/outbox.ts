import { Gauge, type Registry } from 'prom-client';
import type { OutboxStats, RunningOutbox } from '../outbox';

/**
 * The form outbox, read at each scrape: submissions waiting, the age of the oldest of them, and the
 * dead letters. One read of the outbox serves the three gauges. When it fails (the database is
 * closed or out of reach) they are NaN: the scrape still brings every other metric of the replica.
 */
export function outboxMetrics(registry: Registry, outbox: Pick<RunningOutbox, 'stats'>): void {
  let reading: Promise<OutboxStats | null> | null = null;
  // The registry collects every metric at once: the three gauges ask within one tick and share the read.
  const stats = () =>
    (reading ??= outbox
      .stats()
      .catch(() => null)
      .finally(() => {
        reading = null;
      }));

  const gauge = (name: string, help: string, value: (stats: OutboxStats) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const read = await stats();
        this.set(read ? value(read) : NaN);
      },
    });
  gauge('site_outbox_pending_submissions', 'Form submissions acknowledged and not yet delivered upstream.', (s) => s.pending);
  gauge('site_outbox_oldest_pending_age_seconds', 'Age of the oldest submission not yet delivered, in seconds (0 when none waits).', (s) =>
    s.oldestPendingAt === null ? 0 : Math.max(0, (Date.now() - s.oldestPendingAt) / 1000),
  );
  gauge('site_outbox_dead_letters', 'Submissions the upstream refused for good, kept in the dead letters for a person to look at.', (s) => s.dead);
}
