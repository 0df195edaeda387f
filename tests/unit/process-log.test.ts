import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The process log's two destinations (server/lib/log/process-log.ts): Node's stdout stream for a pipe
 * or a socket, pino's SonicBoom for a file. Each writes every line logged before `close()`. The site
 * as a whole, its drops and its exits: tests/integration/process-log.test.ts.
 */

const CHILD = ['--import', 'tsx', 'tests/support/process-log-child.ts'];
const LINES = 20_000;
const dir = mkdtempSync(path.join(os.tmpdir(), 'process-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const numbers = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { n: number }).n);
const all = Array.from({ length: LINES }, (_, i) => i);

describe('the process log', () => {
  it('writes every line into a file (a SonicBoom)', () => {
    const file = path.join(dir, 'log.ndjson');
    const fd = openSync(file, 'w');
    const child = spawnSync(process.execPath, CHILD, { env: { ...process.env, LINES: String(LINES) }, stdio: ['ignore', fd, 'inherit'] });
    closeSync(fd);
    expect(child.status).toBe(0);
    expect(numbers(readFileSync(file, 'utf8'))).toEqual(all);
  });

  it('writes every line into a pipe (Node’s stdout), a reader slower than the lines included', async () => {
    const child = spawn(process.execPath, CHILD, { env: { ...process.env, LINES: String(LINES) }, stdio: ['ignore', 'pipe', 'inherit'] });
    // Read in bursts: the pipe fills, and the lines wait in memory for the reader (4 MB allowed, more than they are).
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      child.stdout.pause();
      setTimeout(() => child.stdout.resume(), 5);
    });
    const code = await new Promise((resolve) => child.once('close', resolve));
    expect(code).toBe(0);
    expect(numbers(text)).toEqual(all);
  });
});
