import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { migrate } from '../../server/site/postgres/migrate';
import { createPool, type Pool } from '../../server/site/postgres/pool';
import { startTestPostgres, type TestPostgres } from '../support/postgres';

describe('PostgreSQL migrations', () => {
  let postgres: TestPostgres;
  const pools: Pool[] = [];
  beforeAll(async () => {
    postgres = await startTestPostgres();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    postgres?.stop();
  });

  const pool = (url: string) => {
    const p = createPool({ url, max: 2, logger: pino({ level: 'silent' }), applicationName: 'test' });
    pools.push(p);
    return p;
  };

  it('applies each migration once, also when replicas start together', async () => {
    const url = await postgres.createDatabase('migrate');
    const migrations = [
      { id: 'test-1', sql: 'CREATE TABLE things (id serial PRIMARY KEY, name text NOT NULL)' },
      { id: 'test-2', sql: "INSERT INTO things (name) VALUES ('first')" },
    ];
    // Five replicas at once: one applies, the others wait behind the lock and find the work done.
    await Promise.all(Array.from({ length: 5 }, () => migrate(pool(url), migrations)));
    const check = pool(url);
    expect((await check.query('SELECT name FROM things')).rows).toEqual([{ name: 'first' }]);

    // A later release appends a migration: only that one runs.
    await migrate(check, [...migrations, { id: 'test-3', sql: "INSERT INTO things (name) VALUES ('second')" }]);
    expect((await check.query('SELECT name FROM things ORDER BY id')).rows.map((r) => r.name)).toEqual(['first', 'second']);
  });

  it('applies nothing of a release whose migration fails', async () => {
    const url = await postgres.createDatabase('failing');
    const check = pool(url);
    await expect(
      migrate(check, [
        { id: 'ok-1', sql: 'CREATE TABLE kept (id int)' },
        { id: 'bad-1', sql: 'CREATE TABLE broken (' },
      ]),
    ).rejects.toThrow();
    expect((await check.query("SELECT to_regclass('kept') AS t")).rows[0].t).toBeNull();
  });
});
