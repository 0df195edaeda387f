import { telHref } from '../../shared/format';

/** A phone number to call, kept on one line (a number broken across lines is misread and misdialled). */
export function PhoneLink({ phone, className }: { phone: string; className?: string }) {
  return (
    <a className={className} href={telHref(phone)}>
      {phone.replace(/ /g, '\u00a0')}
    </a>
  );
}
