import { isIP } from 'node:net';

/** A mail's sender as nodemailer takes it: a whole `Name <address>`, or the two apart (it encodes the name). */
export type Sender = string | { name: string; address: string };

/**
 * The sender of every mail: MAIL_FROM when set; otherwise the company's current name (the content's
 * settings, so a renamed company signs its next mail with the new name) at `no-reply@` the site's
 * domain. A site with no domain (`localhost`, an IP address: development, tests) sends from an address
 * mail servers refuse, and `withoutDomain` says so, for the start's warning.
 */
export function mailSender(mailFrom: string | undefined, siteUrl: string, companyName: () => string): { from: () => Sender; withoutDomain: boolean } {
  if (mailFrom) return { from: () => mailFrom, withoutDomain: false };
  const host = new URL(siteUrl).hostname;
  const address = `no-reply@${host.replace(/^www\./, '')}`;
  return { from: () => ({ name: companyName(), address }), withoutDomain: !host.includes('.') || isIP(host) !== 0 };
}
