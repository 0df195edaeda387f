/**
 * The site as an attacker's probe meets it: the production build (`npm run build` first) in a process
 * of its own, with the runtime `npm start` and the image give it (scripts/runtime-env.mjs; a variable
 * set in the probe's environment wins, as with `npm start`), the
 * built-in content API inside, its data and temporary files in a folder of the probe's own. What a
 * probe reads from it: whether it is still alive, its resident memory (sampled while a probe runs),
 * and the upload folders it keeps.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { runtimeEnv } from '../runtime-env.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ProbeSite {
  url: string;
  child: ChildProcess;
  /** Where its DATA_DIR and TMPDIR are (both under one folder, removed by `stop`). */
  dir: string;
  alive(): boolean;
  /** Resident memory now, in MB. */
  rssMb(): number;
  /** Samples RSS every 100 ms until the returned function is called, which gives the peak in MB. */
  samplePeak(): () => number;
  /** Upload folders and their bytes, wherever this build keeps them (its DATA_DIR's or the temp folder). */
  uploads(): { folders: number; bytes: number };
  /** What it wrote to stdout and stderr. */
  log(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Stops it (SIGTERM) and removes its folder. */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function rssOf(pid: number): number {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

/** The bytes of the files in a folder; what the site removes meanwhile counts as gone. */
function folderBytes(dir: string): number {
  let bytes = 0;
  try {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      const stat = statSync(file);
      bytes += stat.isDirectory() ? folderBytes(file) : stat.size;
    }
  } catch {
    // Removed meanwhile.
  }
  return bytes;
}

/** Starts the site; `dir` reuses a folder (a restart after a kill), else a new one is made. */
export async function startProbeSite(env: Record<string, string> = {}, dir = mkdtempSync(path.join(os.tmpdir(), 'probe-'))): Promise<ProbeSite> {
  if (!existsSync(path.join(ROOT, 'dist/server/main.js'))) throw new Error('no production build: run `npm run build` first');
  const dataDir = path.join(dir, 'data');
  const tmpDir = path.join(dir, 'tmp');
  mkdirSync(tmpDir, { recursive: true });
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: ROOT,
    // The runtime's settings, unless the probe's own environment says otherwise (to compare allocator settings).
    env: {
      ...runtimeEnv(process.env),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      TMPDIR: tmpDir,
      LOG_LEVEL: 'warn',
      HTML_CACHE_REFILL_CONCURRENCY: '0',
      // A probe speaks for many clients from one address: the per-address form limit is not what it measures.
      FORM_RATE_LIMIT_MAX: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (!alive()) throw new Error(`the site exited at start:\n${output}`);
    if (i > 600) throw new Error(`the site did not get ready:\n${output}`);
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const kill = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (alive()) child.kill(signal);
    await exited;
  };
  return {
    url,
    child,
    dir,
    alive,
    rssMb: () => rssOf(child.pid!),
    samplePeak() {
      let peak = rssOf(child.pid!);
      const timer = setInterval(() => (peak = Math.max(peak, rssOf(child.pid!))), 100);
      return () => {
        clearInterval(timer);
        return Math.max(peak, rssOf(child.pid!));
      };
    },
    uploads() {
      // This build's folder for uploads, or (before issue 24) the system's temp folder, here the probe's own.
      const own = path.join(dataDir, 'uploads');
      const roots = [existsSync(own) ? own : tmpDir];
      let folders = 0;
      let bytes = 0;
      for (const root of roots) {
        for (const name of readdirSync(root)) {
          if (root === tmpDir && !name.startsWith('site-upload-')) continue;
          folders++;
          bytes += folderBytes(path.join(root, name));
        }
      }
      return { folders, bytes };
    },
    log: () => output,
    kill,
    async stop() {
      await kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits `ms` (a probe's pacing, never a test's). */
export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
