import { phoneText, telHref } from '../../shared/format';

/** A phone number to call. */
export function PhoneLink({ phone, className }: { phone: string; className?: string }) {
  return (
    <a className={className} href={telHref(phone)}>
      {phoneText(phone)}
    </a>
  );
}
