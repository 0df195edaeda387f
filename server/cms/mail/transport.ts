import { createWriteStream, mkdirSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { QueuedMail } from './queue';
import type { Sender } from './sender';

/**
 * Where mail goes: an SMTP server when one is configured, otherwise an .eml file per message in the
 * data folder (development, tests, and a site whose operator has not set up mail yet still has every
 * message, readable in any mail client).
 */

export type MailTransport = {
  kind: 'smtp' | 'files';
  send(mail: QueuedMail): Promise<void>;
  close(): void;
};

export type MailTransportOptions = {
  /** `smtp://user:pass@host:587` or `smtps://...`; unset writes files. */
  smtpUrl?: string;
  /** Asked for each message: the sender may follow the content's settings (`mailSender`). */
  from: () => Sender;
  /** Folder for .eml files when there is no SMTP server. */
  fileDir: string;
};

/** Headers that keep auto-replies (holiday notices) from answering an automated mail. */
const HEADERS = { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' };

export function createMailTransport({ smtpUrl, from, fileDir }: MailTransportOptions): MailTransport {
  return smtpUrl ? smtpTransport(smtpUrl, from) : fileTransport(fileDir, from);
}

function message(mail: QueuedMail, from: () => Sender) {
  // Quoted-printable keeps the text (and the links in it) readable in the raw message.
  return {
    from: from(),
    to: mail.recipient,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    text: mail.text,
    headers: { ...HEADERS, ...mail.headers },
    textEncoding: 'quoted-printable' as const,
    ...(mail.attachments.length ? { attachments: mail.attachments.map(({ filename, contentType, content }) => ({ filename, contentType, content })) } : {}),
  };
}

function smtpTransport(url: string, from: () => Sender): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    // Well inside the worker's lease, so a hanging server never makes a mail look abandoned.
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail(message(mail, from));
    },
    close: () => transporter.close(),
  };
}

function fileTransport(dir: string, from: () => Sender): MailTransport {
  mkdirSync(dir, { recursive: true });
  // Streamed to its file as it is written, never whole in memory: a message with photos is megabytes of
  // base64 lines, which a buffered message gathers as thousands of small chunks at once.
  const transporter = nodemailer.createTransport({ streamTransport: true, newline: 'unix' });
  return {
    kind: 'files',
    async send(mail) {
      const info = await transporter.sendMail(message(mail, from));
      // Named by creation time and queue id, so a retry after a crash rewrites the same file rather
      // than adding a second copy; written aside and renamed, so a reader never sees half a message.
      const name = `${mail.createdAt.replace(/[:.]/g, '-')}-${mail.id}.eml`;
      const temp = join(dir, `.${name}.tmp`);
      await pipeline(info.message as Readable, createWriteStream(temp));
      await rename(temp, join(dir, name));
    },
    close: () => transporter.close(),
  };
}
