import { domainToASCII } from 'node:url';

/**
 * The mailbox an address delivers to, as the per-address mail limits count it: one inbox reached
 * under many spellings is one budget. Providers deliver `name+anything@` to `name@` (sub-addressing,
 * RFC 5233), treat the local part without regard to case, and Gmail ignores dots in it and knows
 * googlemail.com as gmail.com. So: lower case, the `+tag` removed, the domain in its ASCII form
 * without a trailing dot, and for Gmail the dots removed. What a mail is sent to stays as typed.
 * (docs/decisions/0035-search-mail-shutdown-proxy-heap.md)
 */
const GMAIL = new Set(['gmail.com', 'googlemail.com']);

export function mailboxKey(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return address.trim().toLowerCase();
  let local = address.slice(0, at).trim().toLowerCase();
  const rawDomain = address
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
  let domain = domainToASCII(rawDomain) || rawDomain;
  // A quoted local part ("a+b"@) is taken as it is: its + is a character, not a separator.
  if (!local.startsWith('"')) {
    const plus = local.indexOf('+');
    if (plus > 0) local = local.slice(0, plus);
    if (GMAIL.has(domain)) {
      local = local.replaceAll('.', '');
      domain = 'gmail.com';
    }
  }
  return `${local}@${domain}`;
}
