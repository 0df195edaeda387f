import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import pino from 'pino';
import { startCms } from './cms/server';
import { cmsOptions } from './cms/settings';
import { exitOnFatalError } from './lib/log/fatal-errors';
import type { ThreadData, ThreadMessage } from './embedded';

// The embedded content API's worker thread (started by embedded.ts): it listens on loopback, tells the
// site where, sends each log line to the site's log (one writer of stdout, whose lines never mix), and
// closes when the site says so; then the thread ends.

/** Linux's nice: 0 is the site's, 19 the lowest. */
const CONTENT_API_NICE = 10;
const port = parentPort!;
const { settings, origin, purgeWebhook } = workerData as ThreadData;
const post = (message: ThreadMessage) => port.postMessage(message);

const logger = pino({ level: settings.LOG_LEVEL }, { write: (line: string) => post({ line }) }).child({ component: 'cms' });
// A line posted is the site's at once: there is nothing to write before the thread ends.
exitOnFatalError({ logger, droppedLines: 0, close: () => Promise.resolve() });

lowerThisThreadsPriority();
const cms = await startCms({ ...cmsOptions(settings), port: settings.CMS_PORT, siteUrl: origin, purgeWebhook, logger });
post({ url: cms.url });
port.once('message', () => void cms.close().then(() => port.close()));

/**
 * On one core the two threads take turns, and each request the site sends woke this one to run in the
 * site's place at once: cached pages waited behind searches as when both shared an event loop. A nice
 * of 10 gives the site about nine tenths of a core they both want, and this thread the rest and
 * every idle moment (docs/decisions/0055-the-content-api-in-a-thread.md). Linux sets a thread's
 * priority by its id (`/proc/thread-self` is `<pid>/task/<tid>`); elsewhere it stays as it is.
 */
function lowerThisThreadsPriority(): void {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), CONTENT_API_NICE);
  } catch {
    // Not Linux, or no /proc: the thread keeps the process's priority.
  }
}
