import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/lib/paths';

/**
 * Objects from one allocation site, all kept alive across young-generation collections: V8 decides
 * to allocate that site's objects in the old generation, and says so under --trace-pretenuring-statistics.
 */
const KEEP_ALIVE = `
if (process.argv[1]) await import(process.argv[1]);
const kept = [];
for (let i = 0; i < 300000; i++) kept.push({ i, next: null });
`;

function tenureDecisions(importFirst?: string) {
  const run = spawnSync(
    process.execPath,
    [
      '--max-semi-space-size=1',
      '--trace-pretenuring-statistics',
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      KEEP_ALIVE,
      ...(importFirst ? [importFirst] : []),
    ],
    { cwd: ROOT_DIR, encoding: 'utf8' },
  );
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.split('\n').filter((line) => line.includes('=> tenure')).length;
}

describe('the heap tuning the site imports first', () => {
  it('stops V8 moving an allocation site to the old generation', () => {
    expect(tenureDecisions()).toBeGreaterThan(0);
    expect(tenureDecisions(path.join(ROOT_DIR, 'server/site/heap-tuning.ts'))).toBe(0);
  });

  it("is the first module the site and the bench's comparison servers import", () => {
    for (const entry of ['server/main.ts', 'scripts/bench/targets.tsx']) {
      const firstImport = /^import\s+(?:[^'"]*from\s+)?['"]([^'"]+)['"]/m.exec(readFileSync(path.join(ROOT_DIR, entry), 'utf8'))?.[1];
      expect(firstImport, entry).toMatch(/\/heap-tuning$/);
    }
  });
});
