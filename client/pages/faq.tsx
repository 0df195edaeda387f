import { useLoaderData } from 'react-router';
import type { ScreenData } from '../../shared/page-data';
import { FaqContact, FaqList } from '../components/FaqList';
import { PageShell } from '../components/PageShell';

export default function FaqPage() {
  const { faq, meta } = useLoaderData() as ScreenData<'faq'>;
  return (
    <PageShell title={meta.title} intro={meta.description}>
      <FaqList faq={faq} />
      <FaqContact />
    </PageShell>
  );
}
