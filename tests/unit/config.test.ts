import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/site/settings';

describe('configuration', () => {
  it('has defaults for everything', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', LOG_LEVEL: 'info' });
    expect(config.UPSTREAM_URL).toBeUndefined();
    expect(loadConfig({ UPSTREAM_URL: ' ' }).UPSTREAM_URL).toBeUndefined();
    expect(loadConfig({ UPSTREAM_URL: 'https://cms.example/api/' }).UPSTREAM_URL).toBe('https://cms.example/api/');
  });

  it('takes the staff area’s addresses as a list, and refuses what is none', () => {
    expect(loadConfig({}).ADMIN_ALLOW).toEqual([]);
    expect(loadConfig({ ADMIN_ALLOW: '10.0.0.0/8, 203.0.113.7 ,fd00::/8' }).ADMIN_ALLOW).toEqual(['10.0.0.0/8', '203.0.113.7', 'fd00::/8']);
    for (const bad of ['office', '10.0.0.0/33', 'loopback', '1.2.3.4/8/1']) expect(() => loadConfig({ ADMIN_ALLOW: bad }), bad).toThrow(/ADMIN_ALLOW/);
  });

  it('names the variable on a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ UPSTREAM_URL: 'ftp://x' })).toThrow(/UPSTREAM_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('has request timeouts fit for a site behind a load balancer, and refuses a headers timeout longer than the request timeout', () => {
    expect(loadConfig({})).toMatchObject({ KEEP_ALIVE_TIMEOUT_S: 65, HEADERS_TIMEOUT_S: 20, REQUEST_TIMEOUT_S: 30 });
    expect(() => loadConfig({ HEADERS_TIMEOUT_S: '40' })).toThrow(/HEADERS_TIMEOUT_S: must not be longer than REQUEST_TIMEOUT_S/);
    expect(loadConfig({ HEADERS_TIMEOUT_S: '40', REQUEST_TIMEOUT_S: '40' }).HEADERS_TIMEOUT_S).toBe(40);
  });

  it('takes a PostgreSQL address and never prints a refused secret', () => {
    const formKey = 'k'.repeat(32);
    expect(loadConfig({ DATABASE_URL: 'postgres://site:pw@db:5432/site', FORM_TOKEN_SECRET: formKey }).DATABASE_URL).toBe('postgres://site:pw@db:5432/site');
    // Replicas must share the key of the forms' time tokens, or each would judge the others' forms spam.
    expect(() => loadConfig({ DATABASE_URL: 'postgres://site:pw@db:5432/site' })).toThrow(/FORM_TOKEN_SECRET/);
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
    let message = '';
    try {
      loadConfig({ DATABASE_URL: 'mysql://site:hunter2@db/site', OPS_TOKEN: 's3cret' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/DATABASE_URL/);
    expect(message).toMatch(/OPS_TOKEN/);
    expect(message).not.toMatch(/hunter2|s3cret/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/"eighty"/);
  });

  it('believes X-Forwarded-For from the load balancer’s addresses or subnets, and from nobody by default (issue 24, point 9)', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '172.30.10.10' }).TRUST_PROXY).toEqual(['172.30.10.10']);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/24, fd00::/8,loopback ' }).TRUST_PROXY).toEqual(['10.0.0.0/24', 'fd00::/8', 'loopback']);
    for (const bad of ['true', 'everyone', '10.0.0.0/33', '10.0.0.5,', '-1']) expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });

  it('refuses a hop count when the site is reachable directly, and takes it behind a proxy on the same machine', () => {
    for (const HOST of [undefined, '0.0.0.0', '::', '10.0.0.7']) {
      expect(() => loadConfig({ TRUST_PROXY: '1', HOST }), HOST).toThrow(
        /TRUST_PROXY: a hop count trusts X-Forwarded-For from anyone who can reach the site directly/,
      );
    }
    for (const HOST of ['127.0.0.1', '::1', 'localhost']) expect(loadConfig({ TRUST_PROXY: '1', HOST }).TRUST_PROXY).toBe(1);
  });
});
