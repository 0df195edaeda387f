import type { Pool } from './pool';

/**
 * Whether the database answers a `SELECT 1`, for readiness: the answer is remembered for `maxAgeMs`,
 * so probes from every load balancer cost one query per interval, and a query that takes longer than
 * that (no connection to be had, a server that hangs) counts as no answer.
 */
export function databaseAnswers(pool: Pool, maxAgeMs = 2000): () => Promise<boolean> {
  let last: { at: number; answered: Promise<boolean> } | undefined;
  return () => {
    const t = Date.now();
    if (!last || t - last.at >= maxAgeMs) last = { at: t, answered: ping(pool, maxAgeMs) };
    return last.answered;
  };
}

async function ping(pool: Pool, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(resolve, timeoutMs, false)));
  try {
    return await Promise.race([
      pool.query('SELECT 1').then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
