import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RUNTIME_ENV } from '../runtime-env.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-'));
// The servers' data and the bench's files, gone with the bench (every run had left one behind).
process.once('exit', () => rmSync(tmp, { recursive: true, force: true }));
const CLOCK_TICKS_PER_S = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** CPU time a process has used so far, all its threads, in microseconds (Linux's /proc). */
export function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_S) * 1e6;
}

const pinned = (args: string[]) => (process.platform === 'linux' ? ['taskset', '-c', '0', ...args] : args);

let fifos = 0;

/**
 * A process on the load's core that reads a server's stdout and throws it away, as a container
 * engine reads a container's log: the server writes its lines into a pipe someone empties, as in
 * production, rather than into /dev/null. The pipe is a FIFO, a pipe as a container's stdout is
 * (podman's conmon reads one), not the socket pair Node makes for a child's stdio. Either way the
 * site's process makes its stdout non-blocking: a write the reader is behind on fails with EAGAIN,
 * and the log's SonicBoom tries it again 100 ms later (docs/decisions/0039-asynchronous-log.md).
 * Returns the writing end, for the server's stdout; the reader ends when the server's end closes.
 */
function logPipe(): number {
  const fifo = path.join(tmp, `log-${fifos++}.fifo`);
  spawnSync('mkfifo', [fifo]);
  spawn('taskset', ['-c', '1', 'cat', fifo], { stdio: ['ignore', 'ignore', 'inherit'] });
  // Opening a FIFO to write waits for its reader to open it: the reader was started just before.
  return openSync(fifo, 'w');
}

/**
 * Starts a server on core 0 and resolves once `ready` answers true (polled every 100 ms). Every server,
 * the site and those it is compared with, runs with the runtime `npm start` and the image give the
 * site (memory settings, decision record 0022), so a ratio compares the code, not the heap limit.
 * Its stdout goes to `onStdout` when given, else to a log reader.
 */
export async function start(
  args: string[],
  env: Record<string, string>,
  ready: () => Promise<boolean>,
  onStdout?: (text: string) => void,
): Promise<ChildProcess> {
  // Another server on the port would be measured in its place (a test's, left running).
  if (await ready().catch(() => false)) throw new Error(`${args.join(' ')}: something else already answers on its port`);
  const [cmd, ...rest] = pinned(args);
  const log = onStdout ? undefined : logPipe();
  const child = spawn(cmd!, rest, {
    cwd: ROOT,
    env: { ...process.env, ...RUNTIME_ENV, NODE_ENV: 'production', ...env },
    stdio: ['ignore', log ?? 'pipe', 'inherit'],
  });
  // The server holds the pipe now; the reader sees its end when the server exits.
  if (log !== undefined) closeSync(log);
  child.stdout?.on('data', (chunk: Buffer) => onStdout!(chunk.toString()));
  let exited = false;
  child.once('exit', () => (exited = true));
  for (let i = 0; i < 300 && !exited; i++) {
    if (await ready().catch(() => false)) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`${args.join(' ')} did not start`);
}

export const answers = (url: string) => async () => (await fetch(url)).ok;

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/**
 * The production build on core 0, its data in a temp folder, on the built-in content API, with its
 * request log on (one line per request, as ops run it). `traceGc`: run with `--trace-gc` (which
 * NODE_OPTIONS may not carry) and hand it what the process writes, its log lines among it.
 */
export const site = (port: number, env: Record<string, string>, traceGc?: (text: string) => void) =>
  start(
    ['node', ...(traceGc ? ['--trace-gc'] : []), 'dist/server/main.js'],
    // No warm-up: the sitemap's pages rendering in the background would load the core under the others' measurements.
    { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(tmp, `data-${port}`), LOG_LEVEL: 'info', HTML_CACHE_REFILL_CONCURRENCY: '0', ...env },
    answers(`http://127.0.0.1:${port}/readyz`),
    traceGc,
  );
