import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Migration } from '../postgres/migrate';
import type { Pool } from '../postgres/pool';

/**
 * A cache purge reaches every replica: the one that verified the webhook records the purge in
 * PostgreSQL and NOTIFYs; every other replica LISTENs on a connection of its own, reads the purge and
 * does the same local purge (its pages dropped and rendered again in the background).
 *
 * The notification names the purge's row rather than carrying its paths: NOTIFY carries 8000 bytes at
 * most and a purge may name 1000 paths of 2048 characters. The same row, keyed by the signature,
 * makes the signature good once on every replica (`publish` answers 'replayed' the second time).
 */

const CHANNEL = 'site_purges';

export const PURGE_MIGRATIONS: readonly Migration[] = [
  {
    id: 'purge-1',
    sql: `
      CREATE TABLE purges (
        signature bytea PRIMARY KEY,
        paths text[] NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX purges_expires_at ON purges (expires_at);`,
  },
];

/**
 * A row outlives its signature by this much, so a replica whose clock is behind the database's (which
 * deletes the rows) still finds the signature used.
 */
const CLOCK_MARGIN_S = 60;

/**
 * One statement, so one transaction: expired rows go, the signature is claimed with its paths, and the
 * other replicas are notified only when the claim is new (a NOTIFY is sent at commit). Two replicas
 * handed the same request at once: the second insert waits for the first and does nothing.
 */
const PUBLISH = `
  WITH expired AS (DELETE FROM purges WHERE expires_at < now()),
       claimed AS (INSERT INTO purges (signature, paths, expires_at) VALUES ($1, $2, to_timestamp($3))
                   ON CONFLICT (signature) DO NOTHING RETURNING signature)
  SELECT pg_notify('${CHANNEL}', $4) FROM claimed`;

/** A query on the listening connection, its connecting included, fails after this long. */
const QUERY_TIMEOUT_MS = 5000;

interface Notice {
  /** The replica that published it (and purged already). */
  from: string;
  /** The purge's row: its signature, in hex. */
  signature: string;
}

export interface PurgeFanoutOptions {
  pool: Pool;
  /** DATABASE_URL. LISTEN belongs to a session: the listener holds a connection of its own, outside the pool. */
  url: string;
  applicationName: string;
  logger: Logger;
  /** This replica's purge: its cached pages under the path prefixes (all when none) and its upstream answers; how many pages it dropped. */
  purge: (paths: string[]) => number;
  /** Reconnection delays: the first, doubled after each failed attempt up to `max`. */
  retryMs?: { first: number; max: number };
  /**
   * How often the listening connection is asked a `SELECT 1`. A connection that died without a word (a
   * network partition, a NAT that forgot it) delivers nothing and reports nothing; the question
   * finds it out within this plus the query timeout.
   */
  heartbeatMs?: number;
}

export interface PurgeFanout {
  /** Records the purge, its signature used, and tells the other replicas; 'replayed' when the signature was used before. */
  publish(signature: { digest: Buffer; expiresS: number }, paths: readonly string[]): Promise<'published' | 'replayed'>;
  /** Stops listening (before the pool ends). */
  close(): Promise<void>;
}

/** Starts listening; fails when the database cannot be reached, as the migrations before it would. */
export async function startPurgeFanout({
  pool,
  url,
  applicationName,
  logger,
  purge,
  retryMs = { first: 250, max: 30_000 },
  heartbeatMs = 30_000,
}: PurgeFanoutOptions): Promise<PurgeFanout> {
  /** Tells this replica's notifications from the others'. */
  const replica = randomUUID();
  let listener: pg.Client | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = retryMs.first;
  let closed = false;

  async function connect(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: url,
      application_name: `${applicationName} purge listener`,
      connectionTimeoutMillis: QUERY_TIMEOUT_MS,
      query_timeout: QUERY_TIMEOUT_MS,
      keepAlive: true,
    });
    client.on('notification', (message) => void received(message.payload));
    // Unhandled, an `error` event would end the process; it is how pg reports a connection that broke.
    client.on('error', (error) => lost(client, error));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      void client.end().catch(() => {});
      throw error;
    }
    return client;
  }

  function listen(client: pg.Client): void {
    listener = client;
    beat(client);
  }

  /** The next heartbeat, once the last has been answered: one query at a time on the connection. */
  function beat(client: pg.Client): void {
    heartbeat = setTimeout(() => {
      client.query('SELECT 1').then(
        () => {
          if (client === listener) beat(client);
        },
        (error: unknown) => lost(client, error),
      );
    }, heartbeatMs);
  }

  function lost(client: pg.Client, error: unknown): void {
    // pg may report one failure twice (the server's error, then the closed socket); an old connection's news is old.
    if (client !== listener) return;
    listener = undefined;
    clearTimeout(heartbeat);
    // end() destroys a connection whose query hangs: a silent one is freed too.
    void client.end().catch(() => {});
    logger.warn({ err: error }, 'purge listener lost its database connection; reconnecting');
    retryTimer = setTimeout(reconnect, delay);
  }

  async function reconnect(): Promise<void> {
    let client: pg.Client;
    try {
      client = await connect();
    } catch (error) {
      delay = Math.min(delay * 2, retryMs.max);
      logger.warn({ err: error, retryInMs: delay }, 'purge listener could not reconnect');
      if (!closed) retryTimer = setTimeout(reconnect, delay);
      return;
    }
    if (closed) return void client.end().catch(() => {});
    delay = retryMs.first;
    listen(client);
    // A purge published meanwhile reached no one here, and which were missed is unknown: all of them
    // then. Rendering the pages again costs less than serving any of them stale.
    const purged = purge([]);
    logger.warn({ purged }, 'purge listener reconnected; purged everything, as purges may have been missed');
  }

  async function received(payload = ''): Promise<void> {
    let paths: string[] = [];
    try {
      const notice = JSON.parse(payload) as Notice;
      // It purged before it published.
      if (notice.from === replica) return;
      // Read over the pool: the listening connection runs its heartbeat, one query at a time.
      const { rows } = await pool.query<{ paths: string[] }>('SELECT paths FROM purges WHERE signature = $1', [Buffer.from(notice.signature, 'hex')]);
      // Gone only when this replica read the notice after the signature expired: what it named is unknown.
      paths = rows[0]?.paths ?? [];
    } catch (error) {
      logger.warn({ err: error }, 'purge listener could not read a purge; purging everything');
    }
    const purged = purge(paths);
    logger.info({ paths: paths.length, purged }, 'purge from another replica');
  }

  listen(await connect());
  return {
    async publish({ digest, expiresS }, paths) {
      const notice: Notice = { from: replica, signature: digest.toString('hex') };
      const { rowCount } = await pool.query(PUBLISH, [digest, [...paths], expiresS + CLOCK_MARGIN_S, JSON.stringify(notice)]);
      return rowCount === 1 ? 'published' : 'replayed';
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearTimeout(heartbeat);
      const client = listener;
      listener = undefined;
      await client?.end();
    },
  };
}
