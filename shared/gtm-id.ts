/** The tag manager's container id rule (as in @gtm-support/core): `GTM-` then upper-case letters or digits. */
export const GTM_ID_PATTERN = /^GTM-[0-9A-Z]+$/;

export function isValidGtmId(id: string): boolean {
  return GTM_ID_PATTERN.test(id);
}

/**
 * The error for an invalid id, with the reference's wording and suggestion: the id upper-cased, with
 * everything up to its last `-` and every character outside 0-9A-Z dropped (no suggestion when
 * nothing is left), so a typo like `gtm-abc12` points straight at `GTM-ABC12`.
 */
export function gtmIdError(id: string): string {
  const suggestion = id
    .toUpperCase()
    .replace(/.*-/, '')
    .replace(/[^0-9A-Z]/g, '');
  return `'${id}' is not a valid GTM-ID (${GTM_ID_PATTERN}).${suggestion ? ` Did you mean 'GTM-${suggestion}'?` : ''}`;
}
