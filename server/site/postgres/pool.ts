import pg from 'pg';
import type { Logger } from 'pino';

export type Pool = pg.Pool;

export interface PoolOptions {
  url: string;
  max: number;
  logger: Logger;
  /** Shown in pg_stat_activity, so a DBA can tell the replicas' connections apart. */
  applicationName: string;
}

/**
 * The replica's connections to PostgreSQL. A connection that breaks while idle (the server restarted,
 * a failover) is logged and replaced on next use; it must not take the process down, which is what an
 * unhandled `error` event on the pool would do.
 */
export function createPool({ url, max, logger, applicationName }: PoolOptions): Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    application_name: applicationName,
    // A replica that cannot reach the database fails that request quickly instead of queueing forever.
    connectionTimeoutMillis: 5000,
    // Nor does a query wait forever on a database that stopped answering (a scrape of /metrics, a post).
    query_timeout: 10_000,
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', (error) => logger.warn({ err: error }, 'an idle database connection failed'));
  return pool;
}
