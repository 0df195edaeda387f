import { Counter, Histogram, type Registry } from 'prom-client';
import type { UpstreamMetrics, UpstreamOutcome } from '../upstream/client';

/** Upper bounds in seconds, up to the longest UPSTREAM_TIMEOUT_MS allowed. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** The upstream client's calls by endpoint (the path's first segment: `products`, `forms`, `auth`...). */
export function upstreamMetrics(registry: Registry): UpstreamMetrics {
  const calls = new Counter({
    name: 'site_upstream_calls_total',
    help: 'Calls of the upstream content API by endpoint and outcome: cached (a GET answered from the BFF cache without a request), ok, status (an error status), timeout, network, contract (an answer off the contract), shed (not sent: too many searches waiting).',
    labelNames: ['endpoint', 'outcome'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'site_upstream_request_duration_seconds',
    help: 'Time of the requests made to the upstream content API, answer read and checked, in seconds, by endpoint.',
    labelNames: ['endpoint'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  return {
    call(endpoint: string, outcome: UpstreamOutcome, seconds?: number): void {
      calls.inc({ endpoint, outcome });
      if (seconds !== undefined) durations.observe({ endpoint }, seconds);
    },
  };
}
