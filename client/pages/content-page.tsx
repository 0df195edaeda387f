import { useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ScreenData } from '../../shared/page-data';
import { LEGAL_PAGE_SLUGS, pathTo } from '../../shared/routes';
import { ContentPage } from '../components/ContentPage';
import { Link } from '../components/Link';
import { useLayout } from '../layout/use-layout';

export default function ContentPageRoute() {
  const { page } = useLoaderData() as ScreenData<'page'>;
  const { locale } = useLayout();
  const { t } = useTranslation();
  // The privacy policy names its controller: the company of the imprint, whose facts live in the settings alone.
  const isPrivacy = page.slug === LEGAL_PAGE_SLUGS.privacy[locale];
  return (
    <ContentPage page={page}>
      {isPrivacy ? (
        <p>
          {t('imprint.privacyController')} <Link to={pathTo('imprint', locale)}>{t('imprint.link')}</Link>
        </p>
      ) : null}
    </ContentPage>
  );
}
