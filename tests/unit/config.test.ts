import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

describe('configuration', () => {
  it('has defaults for everything', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', LOG_LEVEL: 'info' });
    expect(config.UPSTREAM_URL).toBeUndefined();
    expect(loadConfig({ UPSTREAM_URL: ' ' }).UPSTREAM_URL).toBeUndefined();
    expect(loadConfig({ UPSTREAM_URL: 'https://cms.example/api/' }).UPSTREAM_URL).toBe('https://cms.example/api/');
  });

  it('names the variable on a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ UPSTREAM_URL: 'ftp://x' })).toThrow(/UPSTREAM_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});
