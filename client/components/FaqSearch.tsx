import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from './Link';
import { NoResults } from './NoResults';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../shared/routes';
import { MAX_FAQ_QUERY } from '../../shared/search/faq-items';
import { useLayout } from '../layout/use-layout';

/** The filter as the address gives it (`?q=`), so the server renders the filtered page too. */
export function useFaqQueryParam(): string {
  const [params] = useSearchParams();
  return (params.get('q') ?? '').slice(0, MAX_FAQ_QUERY);
}

/**
 * The FAQ's search field: a GET form to the FAQ page itself (`?q=`), which is how it works without
 * JavaScript; with it, the list is filtered as the visitor types. The result is announced in a live
 * region; when nothing matches, the closest spelling, the inquiry and the phone are offered. `query`
 * is the filter the list shows (what was typed, once its answer has come). The query is shown as
 * React text only.
 */
export function FaqSearch(props: { query: string; count: number; suggestion: string | null; onQuery(query: string): void; onFocus(): void }) {
  const { query, count, suggestion, onQuery, onFocus } = props;
  const { t } = useTranslation();
  const { locale } = useLayout();
  const [, setSearchParams] = useSearchParams();
  const inputRef = useRef<HTMLInputElement>(null);
  const fromUrl = useFaqQueryParam();
  const trimmed = query.trim();
  /** A link's filter: the field shows it, and the address (which the link sets) takes the list there. */
  const show = (q: string) => {
    if (inputRef.current) inputRef.current.value = q;
    onQuery(q);
  };

  useEffect(() => {
    // Text typed before hydration counts.
    const typed = inputRef.current?.value ?? '';
    if (typed !== query) onQuery(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after hydration
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
            onFocus={onFocus}
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
        <NoResults
          suggestion={suggestion ? { query: suggestion, path: `${pathTo('faq', locale)}?${new URLSearchParams({ q: suggestion })}` } : null}
          onSuggestion={() => suggestion && show(suggestion)}
          faq={
            <Link to={pathTo('faq', locale)} onClick={() => show('')}>
              {t('faqSearch.showAll')}
            </Link>
          }
        />
      ) : null}
    </div>
  );
}
