import type { MailKind, MailQueue } from './queue';

/**
 * The one rule for mails that anyone can have sent to any address by typing it into the site, or
 * that a lead's status sends: at most CONFIRMATIONS_PER_DAY of them, all kinds together, reach one
 * mailbox (`name+1@`, `Name@` are one) in 24 hours, whoever posts. Past it nothing more is queued to
 * that mailbox: the submission is stored and the company notified all the same. The mails a visitor
 * asks for to their own account (verification, password reset) have limits of their own.
 */
export const CONFIRMATIONS_PER_DAY = 3;

export const CONFIRMATION_TEMPLATES = [
  'inquiry_confirmation',
  'service_confirmation',
  'newsletter_confirm',
  'lead_visit_booked',
  'lead_quote_sent',
] as const satisfies readonly MailKind[];
export type ConfirmationTemplate = (typeof CONFIRMATION_TEMPLATES)[number];

const DAY_MS = 24 * 60 * 60_000;

/** Whether one more confirmation may go to this address now. Call it inside the transaction that queues the mail. */
export function confirmationAllowed(queue: MailQueue, to: string, at: Date): boolean {
  return queue.countSince(to, CONFIRMATION_TEMPLATES, new Date(at.getTime() - DAY_MS)) < CONFIRMATIONS_PER_DAY;
}
