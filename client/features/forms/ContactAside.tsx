import { useTranslation } from 'react-i18next';
import { ContactButtons } from '../../components/ContactButtons';

/** Beside a form: the way to reach the company without it (phone and email from settings). */
export function ContactAside() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="form-aside-title">
      <h2 id="form-aside-title">{t('inquiry.aside.title')}</h2>
      <p>{t('inquiry.aside.text')}</p>
      <ContactButtons />
    </section>
  );
}
