/** A phone number kept on one line (a number broken across lines is misread and misdialled). */
export const phoneText = (phone: string) => phone.replace(/ /g, '\u00a0');

/** A `tel:` link for a phone number as written for people ("+386 2 870 54 20"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}
