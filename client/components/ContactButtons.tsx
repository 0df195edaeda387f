import type { ReactNode } from 'react';
import { useLayout } from '../layout/use-layout';
import { marketPhone } from '../../shared/showrooms';
import { PhoneLink } from './PhoneLink';

/**
 * Write or call: the company's email and phone from settings, as buttons. A page's own main action
 * (`children`) goes first; then the email is a secondary button too, so only one stands out.
 */
export function ContactButtons({ subject, children }: { subject?: string; children?: ReactNode }) {
  const { settings, locale } = useLayout();
  const mailto = `mailto:${settings.company_email}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
  return (
    <p className="cta__contacts">
      {children}
      <a className={children ? 'button button--ghost' : 'button'} href={mailto}>
        {settings.company_email}
      </a>
      <PhoneLink className="button button--ghost" phone={marketPhone(settings, locale)} />
    </p>
  );
}
