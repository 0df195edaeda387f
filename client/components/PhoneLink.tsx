import { telHref } from '../../shared/format';

/** A phone number kept on one line (a number broken across lines is misread and misdialled). */
export const phoneText = (phone: string) => phone.replace(/ /g, '\u00a0');

/** A phone number to call. */
export function PhoneLink({ phone, className }: { phone: string; className?: string }) {
  return (
    <a className={className} href={telHref(phone)}>
      {phoneText(phone)}
    </a>
  );
}
