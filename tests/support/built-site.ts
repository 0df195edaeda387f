import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT_DIR } from '../../server/lib/paths';
import { until } from './until';

/** The production build (`npm run build`) as its own process, as the image runs it: for e2e tests that need a site of their own. */
export type BuiltSite = { url: string; child: ChildProcess };

/**
 * Starts `dist/server/main.js` on a free port with `env`, and resolves once it is ready, or once it
 * listens when `ready` is false (a site whose content API never answers is never ready). `root`: a
 * folder laid out as the image's /app, in place of the repository.
 */
export async function startBuiltSite(env: Record<string, string>, { ready = true, root = ROOT_DIR } = {}): Promise<BuiltSite> {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', HTML_CACHE_REFILL_CONCURRENCY: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let url = '';
  await until(
    'the site listens',
    () => {
      const line = output.split('\n').find((l) => l.includes('"site listening"'));
      url = line ? (JSON.parse(line) as { url: string }).url : '';
      return url !== '';
    },
    60_000,
  );
  if (ready) await until('the site is ready', async () => (await fetch(`${url}/readyz`).catch(() => null))?.ok === true, 30_000);
  return { url, child };
}

/** SIGTERM, and its exit (nothing when it never started or has exited). */
export async function stopBuiltSite(site: BuiltSite | undefined): Promise<void> {
  if (!site || site.child.exitCode !== null) return;
  const exited = new Promise((done) => site.child.once('exit', done));
  site.child.kill('SIGTERM');
  await exited;
}
