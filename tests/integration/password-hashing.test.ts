import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_HASH_CHANNEL } from '../../server/cms/accounts/password-hashing';
import { until } from '../support/until';
import { startTestSite } from './helpers';

/**
 * Password hashing runs in a bounded pool of its own: while 30 registrations hash, at most
 * PASSWORD_HASH_CONCURRENCY hashes run at once, and a static asset (read from disk on the libuv
 * threads scrypt would otherwise fill) is answered while most of the hashes still wait. Before the
 * pool, the asset's file reads queued behind every hash in libuv's pool. The order of events is
 * asserted, never a duration.
 */

const CONCURRENCY = 2;
const REGISTRATIONS = 30;

type Event = { kind: 'hash started' | 'hash ended' | 'asset asked' | 'asset answered' };
const events: Event[] = [];
const onHash = (message: unknown) => void events.push({ kind: (message as { phase: string }).phase === 'start' ? 'hash started' : 'hash ended' });

let site: Awaited<ReturnType<typeof startTestSite>>;
beforeAll(async () => {
  subscribe(PASSWORD_HASH_CHANNEL, onHash);
  site = await startTestSite({ PASSWORD_HASH_CONCURRENCY: String(CONCURRENCY), FORM_RATE_LIMIT_MAX: '1000' });
});
afterAll(async () => {
  // The content API finishes the registrations it accepted before it closes.
  await site?.stop();
  unsubscribe(PASSWORD_HASH_CHANNEL, onHash);
});

const count = (kind: Event['kind'], upTo = events.length) => events.slice(0, upTo).filter((event) => event.kind === kind).length;

describe('password hashing', () => {
  it('runs at most its pool size at once, and a static asset is answered while the hashes queue', { timeout: 120_000 }, async () => {
    const entry = /data-entry="(\/assets\/entry-[\w-]+\.js)"/.exec((await request(site.server).get('/en')).text)![1]!;
    await until('the dummy hash made at start is done', () => count('hash ended') >= 1);
    const before = count('hash ended');

    const run = Date.now().toString(36);
    const answers = await Promise.all(
      Array.from({ length: REGISTRATIONS }, (_, i) =>
        request(site.server)
          .post('/en/register')
          .set('Sec-Fetch-Site', 'same-origin')
          .type('form')
          .send({ name: 'Ana Novak', email: `ana.${run}.${i}@example.com`, password: 'dolgo-geslo-123', website: '' }),
      ),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
    await until('the pool is full', () => count('hash started') - count('hash ended') === CONCURRENCY);

    events.push({ kind: 'asset asked' });
    const asset = await request(site.server).get(entry);
    events.push({ kind: 'asset answered' });
    expect(asset.status).toBe(200);

    await until('every registration is hashed', () => count('hash ended') === before + REGISTRATIONS, 90_000);

    // Never more than the pool at once.
    let running = 0;
    let most = 0;
    for (const event of events) {
      if (event.kind === 'hash started') most = Math.max(most, ++running);
      if (event.kind === 'hash ended') running--;
    }
    expect(most).toBe(CONCURRENCY);
    // The asset was answered long before the queue drained: while it was asked and answered, no more
    // hashes ended than the pool was running (the shared libuv queue would have made it wait for all).
    const asked = events.findIndex((event) => event.kind === 'asset asked');
    const answered = events.findIndex((event) => event.kind === 'asset answered');
    expect(count('hash ended', answered) - count('hash ended', asked)).toBeLessThanOrEqual(CONCURRENCY);
    expect(count('hash ended', answered) - before).toBeLessThan(REGISTRATIONS / 2);
  });
});
