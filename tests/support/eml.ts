import { readFileSync } from 'node:fs';

/** One .eml file as the content API's file transport writes it (nodemailer), decoded. */
export type Eml = { to: string; from: string; replyTo: string; subject: string; text: string; headers: Record<string, string> };

/** Quoted-printable to UTF-8 text (soft line breaks joined, multi-byte characters reassembled). */
export function qpDecode(text: string): string {
  const soft = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words, as nodemailer writes non-ASCII headers. */
export function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : qpDecode(data.replace(/_/g, ' ')),
    );
}

export function readEml(file: string): Eml {
  const raw = readFileSync(file, 'utf8');
  const split = raw.indexOf('\n\n');
  const headers: Record<string, string> = {};
  for (const line of raw
    .slice(0, split)
    .replace(/\n[ \t]+/g, ' ')
    .split('\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = raw.slice(split + 2);
  const encoding = headers['content-transfer-encoding']?.toLowerCase();
  const text = encoding === 'quoted-printable' ? qpDecode(body) : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
  const header = (name: string) => decodeHeader(headers[name] ?? '');
  return { to: header('to'), from: header('from'), replyTo: header('reply-to'), subject: header('subject'), text, headers };
}
