import type { Logger } from 'pino';
import type { MailQueue } from './queue';
import type { MailTransport } from './transport';

/**
 * Delivers queued mail, one message at a time, in the content API's process. It runs when a mail is
 * queued (`kick`), when the next retry falls due, and at least every minute (mail queued by another
 * process sharing the database). A failed send is retried with exponential backoff; after
 * `maxAttempts` the mail is given up and logged as an error.
 *
 * Logs name the queue id and an error code, never the recipient, subject or text, and never a
 * server's reply (which often quotes the address).
 */

export type MailWorkerOptions = {
  queue: MailQueue;
  transport: MailTransport;
  logger: Logger;
  now?: () => Date;
  maxAttempts?: number;
  /** Delay after the first failure; doubled after each further one, up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** How long a claimed mail stays with one attempt before another may take it over. */
  leaseMs?: number;
  pollMs?: number;
};

export type MailWorker = {
  /** Looks for due mail now. */
  kick(): void;
  /** Sends everything due now; resolves when the queue has nothing more due. */
  drain(): Promise<void>;
  /** Stops the timers and waits for a send in progress; mail still queued waits for the next start. */
  stop(): Promise<void>;
};

export const MAX_ATTEMPTS = 10;

export function startMailWorker({
  queue,
  transport,
  logger,
  now = () => new Date(),
  maxAttempts = MAX_ATTEMPTS,
  backoffMs = 30_000,
  maxBackoffMs = 2 * 60 * 60_000,
  leaseMs = 5 * 60_000,
  pollMs = 60_000,
}: MailWorkerOptions): MailWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  async function sendDue(): Promise<void> {
    for (let mail = queue.claimNext(now(), leaseMs); mail && !stopped; mail = queue.claimNext(now(), leaseMs)) {
      try {
        await transport.send(mail);
        queue.markSent(mail.id, now());
        logger.info({ mailId: mail.id, attempts: mail.attempts }, 'mail sent');
      } catch (error) {
        const code = errorCode(error);
        if (mail.attempts >= maxAttempts) {
          queue.giveUp(mail.id, code, now());
          logger.error({ mailId: mail.id, attempts: mail.attempts, error: code }, 'mail given up');
        } else {
          const delay = Math.min(backoffMs * 2 ** (mail.attempts - 1), maxBackoffMs);
          queue.retryAt(mail.id, code, new Date(now().getTime() + delay));
          logger.warn({ mailId: mail.id, attempts: mail.attempts, error: code, retryInMs: delay }, 'mail not sent; will retry');
        }
      }
    }
  }

  /** One pass at a time; a kick during a pass makes it look again before it rests. */
  function run(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    clearTimeout(timer);
    running = (async () => {
      do {
        again = false;
        try {
          await sendDue();
        } catch (error) {
          // The database itself failed (closed, full disk): try again at the next poll.
          logger.error({ error: errorCode(error) }, 'mail queue unavailable');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
      schedule();
    });
    return running;
  }

  function schedule(): void {
    if (stopped) return;
    let delay = pollMs;
    try {
      const due = queue.nextDueAt();
      if (due) delay = Math.max(0, Math.min(pollMs, due.getTime() - now().getTime()));
    } catch {
      // Polling again later is all that can be done.
    }
    timer = setTimeout(() => void run(), delay);
    timer.unref();
  }

  void run();

  return {
    kick: () => void run(),
    async drain() {
      await run();
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}

/** A short, address-free description of a failure: nodemailer's code and the SMTP status, if any. */
export function errorCode(error: unknown): string {
  if (typeof error !== 'object' || error === null) return 'unknown';
  const { code, responseCode, name } = error as { code?: unknown; responseCode?: unknown; name?: unknown };
  const parts = [typeof code === 'string' ? code : typeof name === 'string' ? name : 'Error'];
  if (typeof responseCode === 'number') parts.push(String(responseCode));
  return parts.join(' ');
}
