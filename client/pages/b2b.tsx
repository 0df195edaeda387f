import { useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ScreenData } from '../../shared/page-data';
import { ContentPage } from '../components/ContentPage';
import { LeadCta } from '../components/LeadCta';

export default function BusinessCustomersPage() {
  const { page } = useLoaderData() as ScreenData<'b2b'>;
  const { t } = useTranslation();
  return (
    <ContentPage page={page}>
      <LeadCta title={t('leads.b2bTitle')} text={t('leads.b2bText')} />
    </ContentPage>
  );
}
