import { useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ScreenData } from '../../shared/page-data';
import { pathTo } from '../../shared/routes';
import { Breadcrumb } from '../components/Breadcrumb';
import { useLayout } from '../layout/use-layout';

/**
 * The account screens (login, register, verify, password reset, profile, verify email). Sign-in is not
 * open on this site yet: each screen says so and how to reach the company meanwhile.
 */
export default function AccountPage() {
  const { meta } = useLoaderData() as ScreenData<'login'>;
  const { locale, settings } = useLayout();
  const { t } = useTranslation();
  return (
    <div className="container section content-page">
      <Breadcrumb items={[{ title: t('breadcrumb.home'), href: pathTo('index', locale) }, { title: meta.title }]} />
      <h1>{meta.title}</h1>
      <p className="lead">{t('account.intro')}</p>
      <p>{t('account.unavailable', { email: settings.company_email, phone: settings.company_phone })}</p>
    </div>
  );
}
