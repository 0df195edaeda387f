import { useCallback, useEffect, useState } from 'react';
import { useLoaderData } from 'react-router';
import type { ScreenData } from '../../shared/page-data';
import { keepFaqItems, type FilteredFaq } from '../../shared/search/faq-items';
import type { filterFaq } from '../../shared/search/faq-filter';
import { FaqContact, FaqList } from '../components/FaqList';
import { FaqSearch, useFaqQueryParam } from '../components/FaqSearch';
import { PageShell } from '../components/PageShell';
import { useLayout } from '../layout/use-layout';

type FaqFilter = typeof filterFaq;

/** The filter's code (the three languages' stemmers): fetched when the visitor focuses the field or types. */
let filterModule: Promise<FaqFilter> | null = null;
const loadFilter = () => (filterModule ??= import('../../shared/search/faq-filter').then((m) => m.filterFaq));

export default function FaqPage() {
  const { faq, filter, meta } = useLoaderData() as ScreenData<'faq'>;
  const { locale } = useLayout();
  // The filter starts from the address (`?q=`), which the server has applied (`filter`), so the page
  // renders and hydrates without the filter's code; typing filters in the browser once it has loaded,
  // and a new address (a submitted form, the back button) starts it again.
  const fromUrl = useFaqQueryParam();
  const [query, setQuery] = useState(fromUrl);
  const [lastUrlQuery, setLastUrlQuery] = useState(fromUrl);
  if (lastUrlQuery !== fromUrl) {
    setLastUrlQuery(fromUrl);
    setQuery(fromUrl);
  }
  const [filterText, setFilterText] = useState<FaqFilter | null>(null);
  const prepare = useCallback(() => {
    void loadFilter().then((fn) => setFilterText(() => fn));
  }, []);
  const typed = query.trim() !== '' && query !== filter?.query;
  useEffect(() => {
    if (typed) prepare();
  }, [typed, prepare]);

  let shown: FilteredFaq;
  if (typed && filterText) shown = filterText(locale, faq, query);
  else if (query.trim() && filter) shown = keepFaqItems(faq, filter.ids);
  else shown = { faq, count: faq.categories.reduce((n, c) => n + c.items.length, 0) };
  return (
    <PageShell title={meta.title} intro={meta.description}>
      <FaqSearch query={query} count={shown.count} onQuery={setQuery} onFocus={prepare} />
      <FaqList faq={shown.faq} />
      <FaqContact />
    </PageShell>
  );
}
