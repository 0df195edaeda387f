import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/lib/paths';
import { RUNTIME_ENV, runtimeEnv } from '../../scripts/runtime-env.mjs';

describe('the runtime environment', () => {
  it('is the same in the image as where npm start and the bench set it', () => {
    const dockerfile = readFileSync(path.join(ROOT_DIR, 'Dockerfile'), 'utf8');
    const runtimeStage = dockerfile.slice(dockerfile.indexOf('AS runtime'));
    // A value with a space is quoted in an ENV line.
    for (const [name, value] of Object.entries(RUNTIME_ENV)) expect(runtimeStage).toContain(value.includes(' ') ? `${name}="${value}"` : `${name}=${value}`);
  });

  it('yields to what the caller set', () => {
    expect(runtimeEnv({ NODE_OPTIONS: '--max-old-space-size=512', PORT: '1', UNSET: undefined })).toEqual({
      ...RUNTIME_ENV,
      NODE_OPTIONS: '--max-old-space-size=512',
      PORT: '1',
    });
  });
});
