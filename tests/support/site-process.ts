import { TEST_FORM_TOKEN_SECRET } from './form-guard';
import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT_DIR } from '../../server/lib/paths';
import { runtimeEnv } from '../../scripts/runtime-env.mjs';

export type SiteProcess = {
  child: ChildProcess;
  /** The site's address, on 127.0.0.1. */
  url: string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** What the process wrote so far (its JSON log lines). */
  log(): string;
  /** SIGTERM, unless it has exited already, and its exit. */
  stop(): Promise<void>;
};

/**
 * The site as its own process (`node --import tsx server/main.ts`), once it listens: for what only a
 * process shows (signals, exit codes, being killed). Logs at info; the environment adds to the test's.
 * As in tests/integration/helpers.ts, the cache is not refilled in the background (no warm-up at
 * start), so what reaches the upstream is what a test asks, unless it turns it on. `preload`: a module
 * of the tests' loaded into the process first (`--import`). `built`: the production build as `npm start`
 * and the image run it (`dist/server/main.js`, their runtime settings), for what the sources under tsx
 * would measure otherwise (memory: tsx compiles the content API's thread a second time).
 */
export async function startSiteProcess(env: Record<string, string>, options: { preload?: string; built?: boolean } = {}): Promise<SiteProcess> {
  const preload = options.preload ? ['--import', options.preload] : [];
  // A preload is the tests' TypeScript: tsx comes first to load it.
  const [args, runtime] = options.built
    ? [[...(preload.length > 0 ? ['--import', 'tsx'] : []), ...preload, 'dist/server/main.js'], runtimeEnv({ NODE_ENV: 'production' })]
    : [['--import', 'tsx', ...preload, 'server/main.ts'], { NODE_ENV: 'test' }];
  const child = spawn(process.execPath, args, {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      ...runtime,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      HTML_CACHE_REFILL_CONCURRENCY: '0',
      FORM_TOKEN_SECRET: TEST_FORM_TOKEN_SECRET,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the site did not start:\n${output}`)), 20_000);
      const look = () => {
        const line = output.split('\n').find((l) => l.includes('"site listening"'));
        if (!line) return;
        clearTimeout(timer);
        child.stdout!.off('data', look);
        resolve((JSON.parse(line) as { url: string }).url.replace('localhost', '127.0.0.1'));
      };
      child.stdout!.on('data', look);
      child.once('exit', () => reject(new Error(`the site exited:\n${output}`)));
    });
    return { child, url, exited, log: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
