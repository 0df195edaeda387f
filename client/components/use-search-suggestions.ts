import { useEffect, useRef, useState } from 'react';
import type { SearchSuggestions } from '../../shared/api/bff';
import type { Locale } from '../../shared/locales';

/** The answer's schema, imported once. */
export const loadSchema = () => import('../../shared/api/bff');

/** Characters typed before suggestions are asked for. */
export const MIN_QUERY_LENGTH = 2;
/** Quiet time after the last keystroke before asking. */
export const DEBOUNCE_MS = 200;

export type SuggestionState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; data: SearchSuggestions }
  | { status: 'error' };

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
        // Anything that is not the expected shape counts as a failure. The schema (and zod with it) is
        // loaded when the visitor first types, not with every page; the box asks for it on focus.
        const { searchSuggestionsSchema } = await loadSchema();
        const data = res.ok ? searchSuggestionsSchema.safeParse(await res.json()).data : undefined;
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
