import { useState } from 'react';
import { useLoaderData } from 'react-router';
import type { ScreenData } from '../../shared/page-data';
import { keepFaqItems } from '../../shared/search/faq-items';
import { FaqContact, FaqList } from '../components/FaqList';
import { FaqSearch, useFaqQueryParam } from '../components/FaqSearch';
import { PageShell } from '../components/PageShell';
import { loadSchema, useFaqFilter } from '../components/use-search-suggestions';
import { useLayout } from '../layout/use-layout';

export default function FaqPage() {
  const { faq, filter, meta } = useLoaderData() as ScreenData<'faq'>;
  const { locale } = useLayout();
  // The filter starts from the address (`?q=`), which the server has applied (`filter`), so the page
  // renders and hydrates as it is; what is typed is filtered by the content API's search engine as the
  // header box's suggestions are, and a new address (a submitted form, the back button) starts it again.
  const fromUrl = useFaqQueryParam();
  const [query, setQuery] = useState(fromUrl);
  const [lastUrlQuery, setLastUrlQuery] = useState(fromUrl);
  if (lastUrlQuery !== fromUrl) {
    setLastUrlQuery(fromUrl);
    setQuery(fromUrl);
  }
  const typed = query.trim() !== '' && query !== filter?.query;
  const answer = useFaqFilter(locale, typed ? query : null);
  // Until the first answer to what was typed arrives, the list stays as the address left it; a failed
  // answer shows every question.
  const current = !query.trim() ? null : !typed ? filter : answer.status === 'ready' ? answer.data : answer.status === 'error' ? null : filter;
  const shown = current ? keepFaqItems(faq, current.ids) : { faq, count: faq.categories.reduce((n, c) => n + c.items.length, 0) };
  return (
    <PageShell title={meta.title} intro={meta.description}>
      <FaqSearch
        query={current?.query ?? ''}
        count={shown.count}
        suggestion={current?.suggestion ?? null}
        onQuery={setQuery}
        onFocus={() => void loadSchema()}
      />
      <FaqList faq={shown.faq} />
      <FaqContact />
    </PageShell>
  );
}
