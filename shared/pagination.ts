/**
 * Pagination rules (as in the reference paginator): items per page default 10, at most 5 page links by
 * default, a window of floor(max/2) pages before the current one and ceil(max/2)-1 after it, shifted to
 * stay inside 1..pages. A link template must contain `[page]`.
 */
export interface PaginationInput {
  totalItems: number;
  currentPage: number;
  itemsPerPage?: number;
  maxPagesShown?: number;
}

export interface Pagination {
  pages: number;
  current: number;
  window: number[];
  prev: number | null;
  next: number | null;
}

export function paginate({ totalItems, currentPage, itemsPerPage = 10, maxPagesShown = 5 }: PaginationInput): Pagination {
  if (!Number.isFinite(totalItems) || totalItems < 0) throw new RangeError('totalItems is required and must be 0 or more');
  if (!(currentPage > 0)) throw new RangeError('currentPage must be above 0');
  if (!(itemsPerPage > 0)) throw new RangeError('itemsPerPage must be above 0');
  if (!(maxPagesShown > 0)) throw new RangeError('maxPagesShown must be above 0');
  const pages = Math.max(1, Math.ceil(totalItems / itemsPerPage));
  const current = Math.min(Math.max(1, Math.floor(currentPage)), pages);
  const shown = Math.min(maxPagesShown, pages);
  let start = current - Math.floor(maxPagesShown / 2);
  let end = current + Math.ceil(maxPagesShown / 2) - 1;
  if (start < 1) {
    start = 1;
    end = shown;
  }
  if (end > pages) {
    end = pages;
    start = pages - shown + 1;
  }
  const window = Array.from({ length: end - start + 1 }, (_, i) => start + i);
  return { pages, current, window, prev: current > 1 ? current - 1 : null, next: current < pages ? current + 1 : null };
}

/** Link mode: the first `[page]` in the template is replaced by the page number. */
export function pageLink(template: string, page: number): string {
  if (!template.includes('[page]')) throw new Error('A pagination link template must contain [page]');
  return template.replace('[page]', String(page));
}

/** No list is anywhere near this long; the content API refuses a larger page (its row offset stays small). */
export const MAX_LIST_PAGE = 1_000_000;

/**
 * The page of a list a `page` query parameter names, written as the site's links write it (`2`, never
 * `02`, `2.0` or `+2`), up to MAX_LIST_PAGE; 1 when there is none; null for anything else (a 404: a
 * page no list has, like a number past the list's end).
 */
export function parseListPage(raw: string | null): number | null {
  if (raw === null) return 1;
  if (!/^[1-9]\d*$/.test(raw)) return null;
  const page = Number(raw);
  return page <= MAX_LIST_PAGE ? page : null;
}
