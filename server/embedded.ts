import path from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import pino from 'pino';
import { startCms } from './cms/server';
import { cmsOptions, loadCmsSettings, type CmsSettings } from './cms/settings';
import { ROOT_DIR } from './lib/paths';
import type { Config } from './site/settings';
import type { EmbeddedContentApi } from './site/server';

/**
 * The one module that knows both apps: the content API started with the site when UPSTREAM_URL is unset
 * (`npm start`, the image's default command), on a loopback port, with its own settings read from the
 * same environment. Neither app imports the other (tests/unit/import-layers.test.ts). The site reaches
 * it over HTTP alone, wherever it runs.
 */

/**
 * In a worker thread of its own: the process's (server/main.ts). Its searches, imports and queries run
 * on the thread's event loop, not the site's, so a flood of uncached searches no longer holds cached
 * pages behind each search's synchronous work (docs/decisions/0055-the-content-api-in-a-thread.md).
 * Its log lines are written through the site's own log; an exit the site did not ask for is a fatal
 * error of the process, as an uncaught error of the content API was when both shared a thread.
 */
export function contentApiThread(config: Config, env: NodeJS.ProcessEnv = process.env): EmbeddedContentApi | undefined {
  if (config.UPSTREAM_URL) return undefined;
  // Read here too, so a wrong setting stops the start with its message before any thread runs.
  const settings = loadCmsSettings(env);
  return ({ origin, purgeWebhook, logger }) =>
    new Promise((resolve, reject) => {
      const worker = new Worker(THREAD_ENTRY[0], { ...THREAD_ENTRY[1], env, workerData: { settings, origin, purgeWebhook } satisfies ThreadData });
      const destination = (logger as unknown as Record<symbol, { write(line: string): unknown }>)[pino.symbols.streamSym]!;
      let url: string | undefined;
      let closed: Promise<void> | undefined;
      worker.on('message', (message: ThreadMessage) => {
        if ('line' in message) return void destination.write(message.line);
        url = message.url;
        resolve({
          url,
          close: () =>
            (closed ??= new Promise<void>((done) => {
              worker.once('exit', () => done());
              worker.postMessage('close');
            })),
        });
      });
      worker.on('error', (err) => logger.error({ err }, "the content API's thread failed"));
      worker.on('exit', (code) => {
        if (url === undefined) return reject(new Error(`the content API did not start (its thread ended with exit code ${code})`));
        if (!closed) throw new Error(`the content API's thread stopped (exit code ${code})`);
      });
    });
}

/** In this thread: the tests', which read its log through the logger they pass. */
export function embeddedContentApi(config: Config, env: NodeJS.ProcessEnv = process.env): EmbeddedContentApi | undefined {
  if (config.UPSTREAM_URL) return undefined;
  const settings = loadCmsSettings(env);
  return ({ origin, purgeWebhook, logger }) => startCms({ ...cmsOptions(settings), port: settings.CMS_PORT, siteUrl: origin, purgeWebhook, logger });
}

/** What the thread is started with. */
export interface ThreadData {
  settings: CmsSettings;
  origin: string;
  purgeWebhook: { url: string; secret: string };
}

/** What the thread tells the site: a line of its log, or where it listens once it does. */
export type ThreadMessage = { line: string } | { url: string };

/**
 * The thread's code: its bundle beside the site's, or its source through tsx (`npm run dev`, the tests),
 * which a worker's own `--import` does not load on Node 20.
 */
const THREAD_ENTRY: [string | URL, WorkerOptions] = import.meta.url.endsWith('.ts')
  ? [
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(new URL('./embedded-thread.ts', import.meta.url).href)}); })`,
      { eval: true },
    ]
  : [path.join(ROOT_DIR, 'dist', 'server', 'embedded-thread.js'), {}];
