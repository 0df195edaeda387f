import { useState } from 'react';
import { useLoaderData } from 'react-router';
import type { ScreenData } from '../../shared/page-data';
import { FaqContact, FaqList } from '../components/FaqList';
import { FaqSearch, filterFaq, useFaqQueryParam } from '../components/FaqSearch';
import { PageShell } from '../components/PageShell';
import { useLayout } from '../layout/use-layout';

export default function FaqPage() {
  const { faq, meta } = useLoaderData() as ScreenData<'faq'>;
  const { locale } = useLayout();
  // The filter starts from the address (`?q=`), so the server's page is filtered too; typing filters
  // in the browser, and a new address (a submitted form, the back button) starts it again.
  const fromUrl = useFaqQueryParam();
  const [query, setQuery] = useState(fromUrl);
  const [lastUrlQuery, setLastUrlQuery] = useState(fromUrl);
  if (lastUrlQuery !== fromUrl) {
    setLastUrlQuery(fromUrl);
    setQuery(fromUrl);
  }
  const filtered = filterFaq(locale, faq, query);
  return (
    <PageShell title={meta.title} intro={meta.description}>
      <FaqSearch query={query} count={filtered.count} onQuery={setQuery} />
      <FaqList faq={filtered.faq} />
      <FaqContact />
    </PageShell>
  );
}
