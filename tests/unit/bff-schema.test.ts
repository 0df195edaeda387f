import { describe, expect, it } from 'vitest';
import { searchSuggestionsSchema } from '../../shared/api/bff';

const answer = (path: string) => ({
  query: 'rolete',
  searchPath: '/sl/iskanje?q=rolete',
  sections: { products: [{ id: 'product-1', title: 'Rolete', path }], categories: [], articles: [], pages: [], faq: [] },
  didYouMean: null,
});

describe('searchSuggestionsSchema (what the header box accepts from GET /api/search)', () => {
  it('takes an answer with paths on this site', () => {
    expect(searchSuggestionsSchema.safeParse(answer('/sl/izdelek/rolete')).success).toBe(true);
  });

  it('refuses a path the browser would follow to another host', () => {
    for (const path of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '']) {
      expect(searchSuggestionsSchema.safeParse(answer(path)).success, path).toBe(false);
      expect(searchSuggestionsSchema.safeParse({ ...answer('/sl'), didYouMean: { query: 'x', path } }).success, path).toBe(false);
    }
  });

  it('refuses another shape: a missing section, an error body, HTML', () => {
    const { pages: _, ...sections } = answer('/sl').sections;
    expect(searchSuggestionsSchema.safeParse({ ...answer('/sl'), sections }).success).toBe(false);
    expect(searchSuggestionsSchema.safeParse({ error: 'upstream_unavailable' }).success).toBe(false);
    expect(searchSuggestionsSchema.safeParse('<!DOCTYPE html>').success).toBe(false);
  });
});
