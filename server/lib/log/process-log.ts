import pino, { type Level, type Logger } from 'pino';

/**
 * The process's log: pino's JSON lines to stdout through an asynchronous, buffered destination
 * (pino.destination with `sync: false`, a SonicBoom). A synchronous line per request cost 40 % of a
 * cached answer; here a line is put in memory and the lines go out in batches, written by libuv's
 * threads, so no answer waits for the log (docs/decisions/0039-asynchronous-log.md).
 *
 * - Lines are written once BATCH_BYTES have gathered, and at the latest FLUSH_INTERVAL_MS after they
 *   were logged, so a quiet site's lines are never held longer than a second.
 * - At most `bufferBytes` wait for a destination slower than the lines come (a log collector that
 *   stalls); what comes beyond is dropped, counted (`droppedLines`, the site's
 *   `site_log_lines_dropped_total`) and said in a warning line once the destination takes lines again.
 * - `close()` writes everything logged before it (at shutdown and on a fatal error).
 */
export interface ProcessLog {
  logger: Logger;
  /** Lines dropped since the process started because `bufferBytes` were waiting already. */
  readonly droppedLines: number;
  /** Writes every line logged so far, then closes the destination: the process exits next. */
  close(): Promise<void>;
}

/** A few dozen request lines: one write(2) for all of them rather than one each. */
const BATCH_BYTES = 4096;
/** The longest a line waits in memory when fewer than BATCH_BYTES follow it. */
const FLUSH_INTERVAL_MS = 1000;

export function createProcessLog({ level, bufferBytes }: { level: Level | 'silent'; bufferBytes: number }): ProcessLog {
  const destination = pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES, maxLength: bufferBytes, periodicFlush: FLUSH_INTERVAL_MS });
  const logger = pino({ level }, destination);

  let dropped = 0;
  let unreported = 0;
  /** Set while the warning is logged: a drop then is the warning's own, tried again at the next tick. */
  let warning: { refused: boolean } | null = null;
  destination.on('drop', () => {
    if (warning) return void (warning.refused = true);
    dropped++;
    unreported++;
  });
  // Any write error would otherwise stop the process (an 'error' event with no listener): the site
  // keeps answering without its log. A broken pipe (EPIPE) makes pino stop writing for good.
  let pipeGone = false;
  destination.on('error', (err: NodeJS.ErrnoException) => (pipeGone ||= err.code === 'EPIPE'));

  /** Says how many lines were dropped since it last said so; a warning the full buffer refuses is tried again later. */
  const reportDrops = () => {
    if (unreported === 0) return;
    const lines = unreported;
    warning = { refused: false };
    logger.warn({ droppedLines: lines, bufferBytes }, 'log lines dropped: the log destination took them slower than they came');
    if (!warning.refused) unreported -= lines;
    warning = null;
  };
  const reporting = setInterval(reportDrops, FLUSH_INTERVAL_MS);
  reporting.unref();
  let closed: Promise<void> | undefined;

  return {
    logger,
    get droppedLines() {
      return dropped;
    },
    close() {
      clearInterval(reporting);
      reportDrops();
      if (pipeGone) return Promise.resolve();
      return (closed ??= new Promise<void>((resolve) => {
        destination.once('close', resolve);
        destination.once('error', () => resolve());
        destination.end();
      }));
    },
  };
}
