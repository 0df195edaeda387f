import type { PoolClient } from 'pg';
import type { Pool } from './pool';

/**
 * Runs `work` on one connection of the pool in one transaction, opened by `begin`: committed when
 * `work` resolves, rolled back when it throws (the error is the caller's), and the connection given back either way.
 */
export async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>, begin = 'BEGIN'): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
