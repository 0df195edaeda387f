import { useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ScreenData } from '../../shared/page-data';
import { pathTo } from '../../shared/routes';
import { Breadcrumb } from '../components/Breadcrumb';
import { FaqContact, FaqList } from '../components/FaqList';
import { useLayout } from '../layout/use-layout';

export default function FaqPage() {
  const { faq, meta } = useLoaderData() as ScreenData<'faq'>;
  const { locale } = useLayout();
  const { t } = useTranslation();
  return (
    <div className="container section">
      <Breadcrumb items={[{ title: t('breadcrumb.home'), href: pathTo('index', locale) }, { title: meta.title }]} />
      <h1>{meta.title}</h1>
      <p className="lead">{meta.description}</p>
      <FaqList faq={faq} />
      <FaqContact />
    </div>
  );
}
