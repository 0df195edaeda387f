import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cmsSettingsSchema } from '../../server/cms/settings';
import { configSchema } from '../../server/site/settings';

/** docs/settings.md's table: variable → its default cell, as written. */
function documented(): Map<string, string> {
  const text = readFileSync(resolve(process.cwd(), 'docs/settings.md'), 'utf8');
  const rows = new Map<string, string>();
  for (const match of text.matchAll(/^\| `([A-Z0-9_]+)` \| ([^|]+) \|/gm)) rows.set(match[1]!, match[2]!.trim());
  return rows;
}

describe('docs/settings.md', () => {
  const rows = documented();
  // Both apps' settings: a variable both read is one row (server/lib/settings.ts declares it once).
  const shape = { ...configSchema.shape, ...cmsSettingsSchema.shape };

  it('lists every setting the site (config.ts) and the content API (cms/settings.ts) read, and no other', () => {
    expect([...rows.keys()].sort()).toEqual(Object.keys(shape).sort());
  });

  it('gives each default as the settings modules have it', () => {
    for (const [name, schema] of Object.entries(shape)) {
      const byDefault = schema.safeParse(undefined);
      expect(byDefault.success, `${name} may be left unset`).toBe(true);
      // What an unset setting means (ADMIN_ALLOW: from anywhere), or a default config.ts works out
      // (PUBLIC_URL from PORT), is said in words.
      if (byDefault.data === undefined || rows.get(name) === '(unset)') continue;
      const written = /^`(.*)`$/.exec(rows.get(name) ?? '')?.[1];
      expect(written, `${name}'s default, as an environment value`).toBeDefined();
      expect(schema.parse(written), name).toEqual(byDefault.data);
    }
  });
});
