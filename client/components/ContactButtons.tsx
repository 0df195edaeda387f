import { useLayout } from '../layout/use-layout';
import { telHref } from '../../shared/format';

/** Write or call: the company's email and phone from settings, as two buttons. */
export function ContactButtons({ emailLabel, subject }: { emailLabel?: string; subject?: string }) {
  const { settings } = useLayout();
  const mailto = `mailto:${settings.company_email}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
  return (
    <p className="cta__contacts">
      <a className="button" href={mailto}>
        {emailLabel ?? settings.company_email}
      </a>
      <a className="button button--ghost" href={telHref(settings.company_phone)}>
        {settings.company_phone}
      </a>
    </p>
  );
}
