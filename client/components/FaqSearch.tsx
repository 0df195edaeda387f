import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import type { Faq } from '../../shared/api/contract';
import type { Locale } from '../../shared/locales';
import { pathTo } from '../../shared/routes';
import { matchesAll } from '../../shared/search/match';
import { queryTerms } from '../../shared/search/query';
import { useLayout } from '../layout/use-layout';

/** The longest filter read from the address or the field (as the site search). */
export const MAX_FAQ_QUERY = 200;

/**
 * The FAQ with only the questions that match every word of the query, by the site search's rules
 * (another form of a word, without diacritics, the start of a word); empty categories dropped.
 */
export function filterFaq(locale: Locale, faq: Faq, query: string): { faq: Faq; count: number } {
  const terms = queryTerms(locale, query);
  if (terms.length === 0) return { faq, count: faq.categories.reduce((n, c) => n + c.items.length, 0) };
  const categories = faq.categories
    .map((category) => ({
      ...category,
      items: category.items.filter((item) => matchesAll(locale, terms, item.question)),
    }))
    .filter((category) => category.items.length > 0);
  return { faq: { categories }, count: categories.reduce((n, c) => n + c.items.length, 0) };
}

/** The filter as the address gives it (`?q=`), so the server renders the filtered page too. */
export function useFaqQueryParam(): string {
  const [params] = useSearchParams();
  return (params.get('q') ?? '').slice(0, MAX_FAQ_QUERY);
}

/**
 * The FAQ's search field: a GET form to the FAQ page itself (`?q=`), which is how it works without
 * JavaScript; with it, the list is filtered as the visitor types. The result is announced in a live
 * region. The query is shown as React text only.
 */
export function FaqSearch({ query, count, onQuery }: { query: string; count: number; onQuery(query: string): void }) {
  const { t } = useTranslation();
  const { locale } = useLayout();
  const [, setSearchParams] = useSearchParams();
  const inputRef = useRef<HTMLInputElement>(null);
  const fromUrl = useFaqQueryParam();
  const trimmed = query.trim();

  useEffect(() => {
    // Text typed before hydration counts.
    const typed = inputRef.current?.value ?? '';
    if (typed !== query) onQuery(typed);
    // Only once, after hydration.
  }, []);

  return (
    <div className="faq-search">
      <form
        className="search-form"
        role="search"
        action={pathTo('faq', locale)}
        method="get"
        onSubmit={(event) => {
          // The list is already filtered; the address takes the query so the view can be shared.
          event.preventDefault();
          const q = (inputRef.current?.value ?? '').trim().slice(0, MAX_FAQ_QUERY);
          if (q !== fromUrl) setSearchParams(q ? { q } : {}, { replace: true, preventScrollReset: true });
        }}
      >
        <label htmlFor="faq-search-q">{t('faqSearch.label')}</label>
        <div className="search-form__row">
          <input
            ref={inputRef}
            id="faq-search-q"
            type="search"
            name="q"
            // Uncontrolled: the server's value is the address's; a later address (back button) resets it.
            key={fromUrl}
            defaultValue={fromUrl}
            placeholder={t('faqSearch.placeholder')}
            autoComplete="off"
            maxLength={MAX_FAQ_QUERY}
            aria-describedby="faq-search-status"
            onChange={(event) => onQuery(event.currentTarget.value)}
          />
          <button type="submit" className="button">
            {t('faqSearch.submit')}
          </button>
        </div>
      </form>
      <p id="faq-search-status" className="faq-search__status" role="status">
        {trimmed ? (count ? t('faqSearch.count', { count, query: trimmed }) : t('faqSearch.none', { query: trimmed })) : ''}
      </p>
      {trimmed && !count ? (
        <p>
          <Link
            to={pathTo('faq', locale)}
            onClick={() => {
              if (inputRef.current) inputRef.current.value = '';
              onQuery('');
            }}
          >
            {t('faqSearch.showAll')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
