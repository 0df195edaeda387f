import { Link } from './Link';
import { useTranslation } from 'react-i18next';
import { pageLink, paginate, type PaginationInput } from '../../shared/pagination';

/** Pagination in link mode: every page is a real link, so it works without JavaScript and is crawlable. */
export function Pagination({ template, firstPageHref, ...input }: PaginationInput & { template: string; firstPageHref: string }) {
  const { t } = useTranslation();
  const { pages, current, window, prev, next } = paginate(input);
  if (pages < 2) return null;
  const href = (page: number) => (page === 1 ? firstPageHref : pageLink(template, page));
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      {prev ? (
        <Link to={href(prev)} rel="prev" aria-label={t('pagination.previous')}>
          ‹
        </Link>
      ) : null}
      {window.map((page) =>
        page === current ? (
          // A span has no name of its own (aria-label is not allowed there): the words are its text.
          <span key={page} aria-current="page">
            <span className="visually-hidden">{t('pagination.page', { page })}</span>
            <span aria-hidden="true">{page}</span>
          </span>
        ) : (
          <Link key={page} to={href(page)} aria-label={t('pagination.page', { page })}>
            {page}
          </Link>
        ),
      )}
      {next ? (
        <Link to={href(next)} rel="next" aria-label={t('pagination.next')}>
          ›
        </Link>
      ) : null}
    </nav>
  );
}
