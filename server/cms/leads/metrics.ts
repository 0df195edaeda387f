import { Gauge, Histogram, type Registry } from 'prom-client';
import { LEAD_KINDS, LEAD_STATUSES } from '../../../shared/api/staff';
import type { Db } from '../db';

/**
 * How the company keeps up with its leads, for ops' dashboards and alerts: leads by kind and status,
 * how long a lead waited for its first contact, and the leads still waiting for one after two working
 * days (the alert). Counts are read from the database at each scrape; the waiting time is observed
 * when a lead is first moved on from new.
 */

const HOUR_S = 3600;

/**
 * The moment `days` working days (Monday to Friday, in UTC; public holidays not counted out) before
 * `now`: a lead older than it has waited that much working time. A weekend counts from its start.
 */
export function workingDaysBefore(now: Date, days: number): Date {
  const at = new Date(now.getTime());
  const weekend = (d: Date) => d.getUTCDay() === 0 || d.getUTCDay() === 6;
  if (weekend(at)) {
    while (weekend(at)) at.setUTCDate(at.getUTCDate() - 1);
    at.setUTCHours(24, 0, 0, 0);
  }
  for (let left = days; left > 0;) {
    at.setUTCDate(at.getUTCDate() - 1);
    if (!weekend(at)) left--;
  }
  return at;
}

export type LeadMetrics = { firstContact(seconds: number): void };

export function leadMetrics(db: Db, registry: Registry, now: () => Date = () => new Date()): LeadMetrics {
  const counts = db.prepare<[], { kind: string; status: string; n: number }>(
    'SELECT kind, status, count(*) AS n FROM submissions WHERE anonymised_at IS NULL GROUP BY kind, status',
  );
  const waiting = db.prepare<[string], { n: number }>("SELECT count(*) AS n FROM submissions WHERE status = 'new' AND created_at < ?");

  new Gauge({
    name: 'cms_leads',
    help: 'Leads (inquiries and service requests) by kind and status.',
    labelNames: ['kind', 'status'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const kind of LEAD_KINDS) for (const status of LEAD_STATUSES) this.set({ kind, status }, 0);
      for (const row of counts.all()) this.set({ kind: row.kind, status: row.status }, row.n);
    },
  });
  new Gauge({
    name: 'cms_leads_waiting_first_contact_over_two_working_days',
    help: 'Leads still new (nobody has contacted the visitor) more than two working days after they arrived.',
    registers: [registry],
    collect() {
      this.set(waiting.get(workingDaysBefore(now(), 2).toISOString())!.n);
    },
  });
  const firstContact = new Histogram({
    name: 'cms_lead_first_contact_seconds',
    help: 'Time from a lead’s arrival to its first move on from new (contacted or later), in seconds.',
    buckets: [1, 4, 8, 24, 48, 72, 120, 168, 336].map((hours) => hours * HOUR_S),
    registers: [registry],
  });
  return { firstContact: (seconds) => firstContact.observe(seconds) };
}
