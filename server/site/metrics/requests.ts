import type { IncomingMessage, ServerResponse } from 'node:http';
import { Counter, type Metric, type Registry } from 'prom-client';
import { REQUEST_KINDS, requestKind, type RequestKind } from './request-kind';

/**
 * Every request by kind and status, and how long its answer took: `site_http_requests_total{kind,
 * code}` and `site_http_request_duration_seconds{kind}`. Counted from the raw server's request event,
 * so the pages the HTML cache answers before Express count too.
 *
 * A cached page is answered in some 14 µs (the design's machine), nearly as fast as bare node:http;
 * prom-client's `inc` and `observe` cost about half a microsecond each (they build and check a label
 * key per call), and a `once('close')` listener as much. So a request only adds to plain numbers of
 * its kind, a cached answer (written whole before `serve` returns) without any listener, and the two
 * metrics are made from those numbers when Prometheus scrapes.
 */

/** Upper bounds in seconds: a cached page takes a fraction of a millisecond, a render tens of them. */
export const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** The code of an answer that never ended: the client went away first, or the connection was cut (nginx's code). */
export const CLOSED_EARLY = 499;

const DURATION = 'site_http_request_duration_seconds';

interface KindCounts {
  byStatus: Map<number, number>;
  /** Observations per bucket (not cumulative), the last one above every bound. */
  buckets: Float64Array;
  sum: number;
  count: number;
}

export type RequestMetrics = ReturnType<typeof requestMetrics>;

export function requestMetrics(registry: Registry) {
  const kinds = Object.fromEntries(
    REQUEST_KINDS.map((kind): [RequestKind, KindCounts] => [
      kind,
      { byStatus: new Map(), buckets: new Float64Array(DURATION_BUCKETS.length + 1), sum: 0, count: 0 },
    ]),
  ) as Record<RequestKind, KindCounts>;

  function record(kind: RequestKind, status: number, seconds: number): void {
    const counts = kinds[kind];
    counts.byStatus.set(status, (counts.byStatus.get(status) ?? 0) + 1);
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]!) bucket++;
    counts.buckets[bucket]!++;
    counts.sum += seconds;
    counts.count++;
  }

  new Counter({
    name: 'site_http_requests_total',
    help: `Requests answered, by kind and status code (${CLOSED_EARLY}: the answer never ended, the client went away first).`,
    labelNames: ['kind', 'code'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const kind of REQUEST_KINDS) for (const [code, n] of kinds[kind].byStatus) this.inc({ kind, code }, n);
    },
  });

  // prom-client's histogram cannot be given counts, only observations: this one is written as prom-client
  // writes its own (the registry reads any metric through `get`), from the counts above.
  const durations = {
    name: DURATION,
    async get() {
      const values = REQUEST_KINDS.flatMap((kind) => {
        const { buckets, sum, count } = kinds[kind];
        if (count === 0) return [];
        let below = 0;
        return [
          ...DURATION_BUCKETS.map((le, i) => ({ metricName: `${DURATION}_bucket`, labels: { le, kind }, value: (below += buckets[i]!) })),
          { metricName: `${DURATION}_bucket`, labels: { le: '+Inf', kind }, value: count },
          { metricName: `${DURATION}_sum`, labels: { kind }, value: sum },
          { metricName: `${DURATION}_count`, labels: { kind }, value: count },
        ];
      });
      return { name: DURATION, help: 'Time from a request to the end of its answer, in seconds, by kind.', type: 'histogram', aggregator: 'sum', values };
    },
  };
  registry.registerMetric(durations as unknown as Metric);

  return {
    /** Counts a request answered in full already (from the HTML cache, before `serve` returned): no listener needed. */
    answered(req: IncomingMessage, res: ServerResponse, start: number): void {
      record(requestKind(req.method, req.url ?? ''), res.writableEnded ? res.statusCode : CLOSED_EARLY, (performance.now() - start) / 1000);
    },
    /** Counts a request when its response closes. `start`: `performance.now()` when it came. */
    observe(req: IncomingMessage, res: ServerResponse, start: number): void {
      const kind = requestKind(req.method, req.url ?? '');
      // `on`, not `once`: a response closes once, and `once` costs a wrapper and a removal per request.
      res.on('close', () => record(kind, res.writableFinished ? res.statusCode : CLOSED_EARLY, (performance.now() - start) / 1000));
    },
  };
}
