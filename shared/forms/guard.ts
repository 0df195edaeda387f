/**
 * The fields a public form posts beside what the visitor typed, for the server's spam judgement
 * (server/site/spam/judge.ts): never validated, stored or echoed as the visitor's values.
 * - `website`: the honeypot, hidden from people; a bot that fills every input fills it.
 * - `formToken`: the signed time token the server issued when the form opened.
 * - `proof`: the solved proof of work (altcha's payload), posted by the site's script only.
 */
export const GUARD_FIELDS = { honeypot: 'website', token: 'formToken', proof: 'proof' } as const;
