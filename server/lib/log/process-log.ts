import { fstatSync } from 'node:fs';
import pino, { type Level, type Logger } from 'pino';

/**
 * The process's log: pino's JSON lines to stdout through an asynchronous, buffered destination, so no
 * answer waits for the log (docs/decisions/0039-asynchronous-log.md).
 *
 * - Lines gather in one string and are handed to the destination once BATCH_BYTES have gathered, and
 *   at the latest FLUSH_INTERVAL_MS after they were logged, so a quiet site's lines are never held
 *   longer than a second.
 * - At most `bufferBytes` wait for a destination slower than the lines come (a log collector that
 *   stalls); a batch that comes beyond is dropped, its lines counted (`droppedLines`, the site's
 *   `site_log_lines_dropped_total`) and said in a warning line once the destination takes lines again.
 * - `close()` writes everything logged before it (at shutdown and on a fatal error), waiting at most
 *   CLOSE_TIMEOUT_MS for a destination that takes nothing, so a stalled reader never keeps a process
 *   that must stop from stopping.
 */
export interface ProcessLog {
  logger: Logger;
  /** Lines dropped since the process started because `bufferBytes` were waiting already. */
  readonly droppedLines: number;
  /** Writes every line logged so far (or gives up after CLOSE_TIMEOUT_MS): the process exits next. */
  close(): Promise<void>;
}

/** A few dozen request lines: handed over, and written with one write(2), together rather than one by one. */
const BATCH_BYTES = 4096;
/** The most one write(2) of the SonicBoom takes. */
const MAX_WRITE_BYTES = 8192;
/** The longest a line waits in memory when fewer than BATCH_BYTES follow it. */
const FLUSH_INTERVAL_MS = 1000;
/** The longest `close()` waits for a destination that takes nothing. */
const CLOSE_TIMEOUT_MS = 5000;

/** Where the batches go. */
interface Destination {
  /** Takes a batch, or refuses it (false) when `bufferBytes` wait already. */
  write(lines: string): boolean;
  /** Resolves once everything taken is written, or the destination is gone. */
  end(): Promise<void>;
}

export function createProcessLog({ level, bufferBytes }: { level: Level | 'silent'; bufferBytes: number }): ProcessLog {
  const stdout = fstatSync(1);
  const destination = stdout.isFIFO() || stdout.isSocket() ? streamDestination(process.stdout, bufferBytes) : sonicBoomDestination(bufferBytes);
  let batch = '';
  let dropped = 0;
  let unreported = 0;
  /** Hands the lines gathered so far to the destination, and counts them if it refuses them. */
  const handOver = () => {
    if (batch === '') return;
    const lines = batch;
    batch = '';
    if (destination.write(lines)) return;
    const count = newlines(lines);
    dropped += count;
    unreported += count;
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

  /** Says how many lines were dropped since it last said so; a warning the destination refuses is tried again later, and not counted. */
  const reportDrops = () => {
    if (unreported === 0) return;
    const lines = unreported;
    // The lines before it first, so that what the destination may refuse next is the warning alone.
    handOver();
    logger.warn({ droppedLines: lines, bufferBytes }, 'log lines dropped: the log destination took them slower than they came');
    const warning = batch;
    batch = '';
    if (destination.write(warning)) unreported -= lines;
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
      return (closed ??= new Promise<void>((resolve) => {
        // Not unref'd: after an error nothing caught, nothing else may keep the process to its exit.
        const giveUp = setTimeout(resolve, CLOSE_TIMEOUT_MS);
        void destination.end().then(() => {
          clearTimeout(giveUp);
          resolve();
        });
      }));
    },
  };
}

/**
 * A pipe or a socket (a container's stdout, systemd's journal, the bench): Node's own stdout, which on
 * such a descriptor writes from the event loop's thread without ever blocking, keeps what the reader
 * is not ready for, and writes it once the reader is (libuv). A batch costs one write(2) where it is
 * made: a SonicBoom hands each write to a libuv thread and back, and its lines cost three times as
 * much (decision 0039). Its `writableLength` is what waits.
 */
function streamDestination(stream: NodeJS.WriteStream, bufferBytes: number): Destination {
  // A write error (EPIPE: the reader has gone) would otherwise stop the process; it goes on without its log.
  let gone = false;
  stream.on('error', () => (gone = true));
  return {
    write(lines) {
      if (gone) return true;
      if (stream.writableLength >= bufferBytes) return false;
      stream.write(lines);
      return true;
    },
    // A write's callback comes once it and every write before it are done.
    end: () => (gone ? Promise.resolve() : new Promise<void>((resolve) => void stream.write('', () => resolve()))),
  };
}

/**
 * A file or a terminal, which Node's stdout writes synchronously: pino's SonicBoom, asynchronous
 * through libuv's threads. It writes a batch at once (`minLength: 0`), and drops what comes beyond
 * `maxLength`, which its `drop` event says, synchronously within the write.
 */
function sonicBoomDestination(bufferBytes: number): Destination {
  const sonicBoom = pino.destination({
    dest: 1,
    sync: false,
    minLength: 0,
    maxLength: bufferBytes,
    // Each write copies its string into a buffer twice; at 16 KB (the default) glibc made each copy
    // with mmap and munmap (MALLOC_MMAP_THRESHOLD_, docs/decisions/0022-memory.md).
    maxWrite: MAX_WRITE_BYTES,
  });
  let refused = false;
  sonicBoom.on('drop', () => (refused = true));
  // As above; after EPIPE pino's SonicBoom writes nothing more.
  let gone = false;
  sonicBoom.on('error', (err: NodeJS.ErrnoException) => (gone ||= err.code === 'EPIPE'));
  return {
    write(lines) {
      refused = false;
      sonicBoom.write(lines);
      return !refused;
    },
    end: () =>
      gone
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            sonicBoom.once('close', resolve);
            sonicBoom.once('error', () => resolve());
            sonicBoom.end();
          }),
  };
}

function newlines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return count;
}
