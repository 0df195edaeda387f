import type { IncrementResponse, Options, Store } from 'express-rate-limit';
import type { BudgetStore } from '../photos/client-budget';
import type { Migration } from '../postgres/migrate';
import type { Pool } from '../postgres/pool';

export const RATE_LIMIT_MIGRATIONS: readonly Migration[] = [
  {
    id: 'rate-limit-1',
    sql: `
      CREATE TABLE rate_limit_hits (
        key text PRIMARY KEY,
        hits integer NOT NULL,
        resets_at timestamptz NOT NULL
      );
      CREATE INDEX rate_limit_hits_resets_at ON rate_limit_hits (resets_at);`,
  },
];

/**
 * One hit, atomically, whoever else counts the same key at the same time: a key's window starts at
 * its first hit (as express-rate-limit's memory store does), and a hit after the window starts the
 * next one. The database's clock decides, so the replicas' clocks need not agree.
 */
const INCREMENT = `
  INSERT INTO rate_limit_hits AS h (key, hits, resets_at)
  VALUES ($1, 1, now() + $2::integer * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN h.resets_at <= now() THEN 1 ELSE h.hits + 1 END,
    resets_at = CASE WHEN h.resets_at <= now() THEN excluded.resets_at ELSE h.resets_at END
  RETURNING hits, resets_at`;

/**
 * express-rate-limit's counts in PostgreSQL, so every replica spends one budget per client. One
 * statement per hit, over the site's pool.
 */
export class PostgresRateLimitStore implements Store {
  /** The counts are shared with other processes. */
  readonly localKeys = false;
  private windowMs = 60_000;
  private nextSweep = 0;

  /** `prefix` tells this limit's keys from another's in the one table. */
  constructor(
    private readonly pool: Pool,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async increment(key: string): Promise<IncrementResponse> {
    // The rows of clients whose window has passed, at most once a window per replica: on a hit, so
    // nothing runs between hits and there is no timer to stop at shutdown.
    if (Date.now() >= this.nextSweep) {
      this.nextSweep = Date.now() + this.windowMs;
      await this.pool.query('DELETE FROM rate_limit_hits WHERE resets_at < now()');
    }
    const { rows } = await this.pool.query<{ hits: number; resets_at: Date }>(INCREMENT, [this.prefix + key, this.windowMs]);
    return { totalHits: rows[0]!.hits, resetTime: rows[0]!.resets_at };
  }

  async decrement(key: string): Promise<void> {
    await this.pool.query('UPDATE rate_limit_hits SET hits = hits - 1 WHERE key = $1 AND hits > 0 AND resets_at > now()', [this.prefix + key]);
  }

  async resetKey(key: string): Promise<void> {
    await this.pool.query('DELETE FROM rate_limit_hits WHERE key = $1', [this.prefix + key]);
  }
}

/**
 * `amount` more for a key, in the same table as the hits (a window starts at the key's first use, a
 * use after it starts the next); with `$4`, only when the total stays within it. No row back: it did not fit.
 */
const ADD = `
  INSERT INTO rate_limit_hits AS h (key, hits, resets_at)
  VALUES ($1, $2, now() + $3::integer * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN h.resets_at <= now() THEN excluded.hits ELSE h.hits + excluded.hits END,
    resets_at = CASE WHEN h.resets_at <= now() THEN excluded.resets_at ELSE h.resets_at END
  WHERE $4::integer IS NULL OR h.resets_at <= now() OR h.hits + excluded.hits <= $4::integer
  RETURNING hits`;

/** A budget per client in PostgreSQL (photo bytes), so every replica spends one budget per client. */
export class PostgresBudgetStore implements BudgetStore {
  constructor(
    private readonly pool: Pool,
    private readonly prefix: string,
    private readonly windowMs: number,
  ) {}

  async used(key: string): Promise<number> {
    const { rows } = await this.pool.query<{ hits: number }>('SELECT hits FROM rate_limit_hits WHERE key = $1 AND resets_at > now()', [this.prefix + key]);
    return rows[0]?.hits ?? 0;
  }

  async add(key: string, amount: number, max?: number): Promise<boolean> {
    // The table's counts are whole (bytes, milliseconds); the PostgresRateLimitStore's sweep removes passed windows.
    const whole = Math.ceil(amount);
    if (max !== undefined && whole > max) return false;
    const { rowCount } = await this.pool.query(ADD, [this.prefix + key, whole, this.windowMs, max ?? null]);
    return rowCount === 1;
  }
}
