import pino, { type Level, type Logger } from 'pino';

/**
 * The process's log: pino's JSON lines to stdout through an asynchronous, buffered destination
 * (pino.destination with `sync: false`, a SonicBoom). A synchronous line per request cost 40 % of a
 * cached answer; here a line is put in memory and the lines go out in batches, written by libuv's
 * threads, so no answer waits for the log (docs/decisions/0039-asynchronous-log.md).
 *
 * - Lines gather in one string and are handed to the SonicBoom once BATCH_BYTES have gathered, and at
 *   the latest FLUSH_INTERVAL_MS after they were logged, so a quiet site's lines are never held longer
 *   than a second. The SonicBoom is not handed each line: it measures its last buffered string's
 *   byte length on every write, which flattens and scans up to 16 KB per line (with its 16 KB
 *   copies, a cached answer took 62 µs of CPU; 40 µs now, decision 0039).
 * - At most `bufferBytes` wait in the SonicBoom for a destination slower than the lines come (a log
 *   collector that stalls); a batch that comes beyond is dropped, its lines counted (`droppedLines`,
 *   the site's `site_log_lines_dropped_total`) and said in a warning line once the destination takes
 *   lines again.
 * - `close()` writes everything logged before it (at shutdown and on a fatal error).
 */
export interface ProcessLog {
  logger: Logger;
  /** Lines dropped since the process started because `bufferBytes` were waiting already. */
  readonly droppedLines: number;
  /** Writes every line logged so far, then closes the destination: the process exits next. */
  close(): Promise<void>;
}

/** A few dozen request lines: handed over, and written with one write(2), together rather than one by one. */
const BATCH_BYTES = 4096;
/** The most one write(2) takes. */
const MAX_WRITE_BYTES = 8192;
/** The longest a line waits in memory when fewer than BATCH_BYTES follow it. */
const FLUSH_INTERVAL_MS = 1000;

export function createProcessLog({ level, bufferBytes }: { level: Level | 'silent'; bufferBytes: number }): ProcessLog {
  const destination = pino.destination({
    dest: 1,
    sync: false,
    // A batch handed over is written at once, or as soon as the write before it is done.
    minLength: 0,
    maxLength: bufferBytes,
    // Each write copies its string into a buffer twice; at 16 KB (the default) glibc made each copy
    // with mmap and munmap (MALLOC_MMAP_THRESHOLD_, docs/decisions/0022-memory.md).
    maxWrite: MAX_WRITE_BYTES,
  });
  let batch = '';
  /** Hands the lines gathered so far to the SonicBoom (which drops them all if its buffer is full). */
  const handOver = () => {
    if (batch === '') return;
    const lines = batch;
    batch = '';
    destination.write(lines);
  };
  const logger = pino(
    { level },
    {
      write(line: string) {
        // A string's length, not its bytes: the threshold needs no precision, and counting bytes costs a scan.
        if ((batch += line).length >= BATCH_BYTES) handOver();
      },
    },
  );

  let dropped = 0;
  let unreported = 0;
  /** Set while the warning is handed over: a drop then is the warning's own, tried again a second later. */
  let warning: { refused: boolean } | null = null;
  destination.on('drop', (lines: string) => {
    if (warning) return void (warning.refused = true);
    const count = newlines(lines);
    dropped += count;
    unreported += count;
  });
  // Any write error would otherwise stop the process (an 'error' event with no listener): the site
  // keeps answering without its log. A broken pipe (EPIPE) makes pino stop writing for good.
  let pipeGone = false;
  destination.on('error', (err: NodeJS.ErrnoException) => (pipeGone ||= err.code === 'EPIPE'));

  /** Says how many lines were dropped since it last said so; a warning the full buffer refuses is tried again later. */
  const reportDrops = () => {
    if (unreported === 0) return;
    const lines = unreported;
    // The lines before it first, so that what the SonicBoom refuses next is the warning alone.
    handOver();
    logger.warn({ droppedLines: lines, bufferBytes }, 'log lines dropped: the log destination took them slower than they came');
    warning = { refused: false };
    handOver();
    if (!warning.refused) unreported -= lines;
    warning = null;
  };
  const everySecond = setInterval(() => {
    handOver();
    reportDrops();
  }, FLUSH_INTERVAL_MS);
  everySecond.unref();
  let closed: Promise<void> | undefined;

  return {
    logger,
    get droppedLines() {
      return dropped;
    },
    close() {
      clearInterval(everySecond);
      handOver();
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

function newlines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return count;
}
