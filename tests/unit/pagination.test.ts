import { describe, expect, it } from 'vitest';
import { MAX_LIST_PAGE, pageLink, paginate, parseListPage } from '../../shared/pagination';

describe('pagination', () => {
  it('uses 10 per page and 5 links by default', () => {
    expect(paginate({ totalItems: 95, currentPage: 1 })).toEqual({ pages: 10, current: 1, window: [1, 2, 3, 4, 5], prev: null, next: 2 });
  });

  it('centres the window: floor(max/2) before, ceil(max/2)-1 after', () => {
    expect(paginate({ totalItems: 100, currentPage: 5 }).window).toEqual([3, 4, 5, 6, 7]);
    expect(paginate({ totalItems: 100, currentPage: 5, maxPagesShown: 4 }).window).toEqual([3, 4, 5, 6]);
  });

  it('shifts the window to stay inside 1..pages', () => {
    expect(paginate({ totalItems: 100, currentPage: 10 }).window).toEqual([6, 7, 8, 9, 10]);
    expect(paginate({ totalItems: 100, currentPage: 2 }).window).toEqual([1, 2, 3, 4, 5]);
    expect(paginate({ totalItems: 25, currentPage: 2 }).window).toEqual([1, 2, 3]);
  });

  it('never goes outside 1..pages', () => {
    const last = paginate({ totalItems: 30, currentPage: 3 });
    expect(last.next).toBeNull();
    expect(paginate({ totalItems: 30, currentPage: 99 }).current).toBe(3);
    expect(paginate({ totalItems: 0, currentPage: 1 })).toMatchObject({ pages: 1, prev: null, next: null });
  });

  it('rejects invalid input', () => {
    expect(() => paginate({ totalItems: 10, currentPage: 0 })).toThrow();
    expect(() => paginate({ totalItems: 10, currentPage: 1, itemsPerPage: 0 })).toThrow();
    expect(() => paginate({ totalItems: 10, currentPage: 1, maxPagesShown: 0 })).toThrow();
    expect(() => paginate({ totalItems: Number.NaN, currentPage: 1 })).toThrow();
  });

  it('fills the first [page] of a link template', () => {
    expect(pageLink('/sl/blog?page=[page]&x=[page]', 3)).toBe('/sl/blog?page=3&x=[page]');
    expect(() => pageLink('/sl/blog', 2)).toThrow(/\[page\]/);
  });

  it('reads a list page only as the links write it', () => {
    expect(parseListPage(null)).toBe(1);
    expect(parseListPage('1')).toBe(1);
    expect(parseListPage('12')).toBe(12);
    expect(parseListPage(String(MAX_LIST_PAGE))).toBe(MAX_LIST_PAGE);
    for (const raw of ['', '0', '-1', '02', '1.5', '2.0', '+2', '1e1', 'abc', ' 2', String(MAX_LIST_PAGE + 1), '99999999999999999999']) {
      expect(parseListPage(raw), raw).toBeNull();
    }
  });
});
