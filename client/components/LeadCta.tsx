import { Link } from './Link';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../shared/routes';
import { useLayout } from '../layout/use-layout';
import { ContactButtons } from './ContactButtons';

/**
 * The way on from a page that has answered a question (an article, the business page, an error):
 * the inquiry form first, the service request beside it, then write or call.
 */
export function LeadCta({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  const { locale } = useLayout();
  return (
    <aside className="cta cta--lead" aria-labelledby="lead-cta">
      <h2 id="lead-cta">{title}</h2>
      <p>{text}</p>
      <ContactButtons>
        <Link className="button" to={pathTo('inquiry', locale)}>
          {t('leads.inquiry')}
        </Link>
        <Link className="button button--ghost" to={pathTo('service', locale)}>
          {t('leads.service')}
        </Link>
      </ContactButtons>
    </aside>
  );
}
