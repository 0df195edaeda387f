import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite } from './helpers';

/**
 * TRUST_PROXY names the load balancer (issue 24, point 9): a client that reaches a replica directly
 * (here: from loopback, which is not the balancer's address) cannot choose its address with
 * X-Forwarded-For, so every per-client limit still counts it. With `TRUST_PROXY=1` the probe sent 100
 * of 100 form posts and 1,000 of 1,000 beacons past the limits; such a setting is now refused at boot
 * when the site is reachable directly (tests/unit/config.test.ts).
 */

const LIMIT = 3;
let site: Awaited<ReturnType<typeof startTestSite>>;
beforeAll(async () => {
  // The balancer is at 192.0.2.10 (a documentation address): nothing in this test connects from there.
  site = await startTestSite({ TRUST_PROXY: '192.0.2.10, 192.0.2.0/28', FORM_RATE_LIMIT_MAX: String(LIMIT), RUM_RATE_LIMIT_MAX: String(LIMIT) });
});
afterAll(() => site?.stop());

const spoofed = (i: number) => `198.51.100.${i}, 203.0.113.${i}`;

describe('a client that reaches the site without the load balancer', () => {
  it('is counted by its own address whatever X-Forwarded-For it sends: form posts', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= LIMIT + 3; i++) {
      // Posts with a mistake are counted; over the limit a valid one is answered 429 (one with a mistake would still show it).
      const body = i <= LIMIT ? 'email=x' : `email=limited.${i}%40example.com&consent=on`;
      const res = await request(site.server)
        .post('/en/newsletter')
        .set('X-Forwarded-For', spoofed(i))
        .set('Sec-Fetch-Site', 'same-origin')
        .type('form')
        .send(body);
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(400), 429, 429, 429]);
  });

  it('and web-vitals beacons', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= LIMIT + 3; i++) {
      const res = await request(site.server)
        .post('/api/rum')
        .set('X-Forwarded-For', spoofed(i))
        .set('Sec-Fetch-Site', 'same-origin')
        .set('Content-Type', 'application/json')
        .send('{}');
      statuses.push(res.status);
    }
    expect(statuses.slice(LIMIT)).toEqual([429, 429, 429]);
  });
});
