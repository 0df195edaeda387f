import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../shared/locales';

/** The answer of `GET /api/search` (server/bff/search.ts owns the shape; this is the browser's copy). */
export interface Suggestion {
  id: string;
  title: string;
  path: string;
}
export const SUGGESTION_SECTIONS = ['products', 'categories', 'articles', 'pages'] as const;
export type SuggestionSection = (typeof SUGGESTION_SECTIONS)[number];
export interface SearchSuggestions {
  query: string;
  searchPath: string;
  sections: Record<SuggestionSection, Suggestion[]>;
}

/** Characters typed before suggestions are asked for. */
export const MIN_QUERY_LENGTH = 2;
/** Quiet time after the last keystroke before asking. */
export const DEBOUNCE_MS = 200;

export type SuggestionState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; data: SearchSuggestions }
  | { status: 'error' };

const isSuggestion = (value: unknown): value is Suggestion =>
  !!value &&
  typeof (value as Suggestion).id === 'string' &&
  typeof (value as Suggestion).title === 'string' &&
  typeof (value as Suggestion).path === 'string' &&
  // Only the site's own paths are followed: `/x`, never `//host` or `/\host`.
  /^\/(?![/\\])/.test((value as Suggestion).path);

/** The answer, checked: anything that is not the expected shape counts as a failure. */
function readSuggestions(body: unknown): SearchSuggestions | null {
  const b = body as SearchSuggestions | null;
  if (!b || typeof b.query !== 'string' || typeof b.searchPath !== 'string' || !b.sections) return null;
  const sections = {} as Record<SuggestionSection, Suggestion[]>;
  for (const key of SUGGESTION_SECTIONS) {
    const list: unknown = b.sections[key];
    if (!Array.isArray(list) || !list.every(isSuggestion)) return null;
    sections[key] = list;
  }
  return { query: b.query, searchPath: b.searchPath, sections };
}

/**
 * Suggestions for what is typed, debounced. A newer query aborts the request of an older one, and an
 * answer is only taken when it belongs to the latest request (the sequence check catches an answer
 * that arrives after its abort was asked for).
 */
export function useSearchSuggestions(locale: Locale, query: string): SuggestionState {
  const [state, setState] = useState<SuggestionState>({ status: 'idle' });
  const sequence = useRef(0);
  const q = query.trim();
  const wanted = q.length >= MIN_QUERY_LENGTH;

  useEffect(() => {
    const id = ++sequence.current;
    if (!wanted) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
      try {
        const res = await fetch(`/api/search?${new URLSearchParams({ lang: locale, q })}`, {
          signal: controller.signal,
          headers: { accept: 'application/json' },
        });
        const data = res.ok ? readSuggestions(await res.json()) : null;
        if (id !== sequence.current) return;
        setState(data ? { status: 'ready', data } : { status: 'error' });
      } catch {
        // An abort belongs to an older query; a network failure to this one.
        if (id === sequence.current && !controller.signal.aborted) setState({ status: 'error' });
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [locale, q, wanted]);

  return state;
}
