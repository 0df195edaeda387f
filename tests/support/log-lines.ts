import { Writable } from 'node:stream';
import pino, { type Level, type Logger } from 'pino';

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** A logger at `level` whose lines a test reads back (parsed), instead of printing them. */
export function collectingLogger(level: Level = 'debug'): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n')) if (text) lines.push(JSON.parse(text) as LogLine);
      done();
    },
  });
  return { logger: pino({ level }, sink), lines };
}

/** pino's number of the debug level: anything above it is a line ops would see. */
export const DEBUG = pino.levels.values.debug!;
