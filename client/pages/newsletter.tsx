import { useActionData, useLoaderData, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PublicFormResult, ScreenData } from '../../shared/page-data';
import { PageShell } from '../components/PageShell';
import { FormLayout } from '../features/forms/FormParts';
import { NewsletterForm } from '../features/forms/NewsletterForm';

const BENEFITS = ['tips', 'news', 'offers'] as const;

export default function NewsletterPage() {
  const data = useLoaderData() as ScreenData<'newsletter'>;
  const answer = useActionData() as PublicFormResult | undefined;
  const { pathname } = useLocation();
  const { t } = useTranslation();
  return (
    <PageShell className="form-page" title={data.meta.title} intro={data.meta.description}>
      <FormLayout
        narrow
        aside={
          <section aria-labelledby="newsletter-benefits">
            <h2 id="newsletter-benefits">{t('newsletter.benefitsTitle')}</h2>
            <ul className="checklist">
              {BENEFITS.map((key) => (
                <li key={key}>{t(`newsletter.benefits.${key}`)}</li>
              ))}
            </ul>
          </section>
        }
      >
        <NewsletterForm data={data} result={answer?.form === 'newsletter' ? answer : undefined} action={pathname} />
      </FormLayout>
    </PageShell>
  );
}
