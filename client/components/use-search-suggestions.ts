import { useEffect, useRef, useState } from 'react';
import type { FaqFilter, SearchSuggestions } from '../../shared/api/bff';
import type { Locale } from '../../shared/locales';

/** The answers' schemas, imported once. */
export const loadSchema = () => import('../../shared/api/bff');

/** Characters typed before suggestions are asked for. */
export const MIN_QUERY_LENGTH = 2;
/** Quiet time after the last keystroke before asking. */
export const DEBOUNCE_MS = 200;

export type AnswerState<T> = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error' };
export type SuggestionState = AnswerState<SearchSuggestions>;

type Schemas = Awaited<ReturnType<typeof loadSchema>>;

/**
 * The answer of a BFF search endpoint for what is typed, debounced (null: nothing to ask). A newer query
 * aborts the request of an older one, and an answer is only taken when it belongs to the latest request
 * (the sequence check catches an answer that arrives after its abort was asked for).
 */
function useDebouncedAnswer<T>(path: string | null, parse: (schemas: Schemas, json: unknown) => T | undefined): AnswerState<T> {
  const [state, setState] = useState<AnswerState<T>>({ status: 'idle' });
  const sequence = useRef(0);

  useEffect(() => {
    const id = ++sequence.current;
    if (path === null) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
      try {
        const res = await fetch(path, { signal: controller.signal, headers: { accept: 'application/json' } });
        // Anything that is not the expected shape counts as a failure. The schemas (and zod with them) are
        // loaded when the visitor first types, not with every page; the fields ask for them on focus.
        const schemas = await loadSchema();
        const data = res.ok ? parse(schemas, await res.json()) : undefined;
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- parse is a module-level function of its caller
  }, [path]);

  return state;
}

const parseSuggestions = (schemas: Schemas, json: unknown) => schemas.searchSuggestionsSchema.safeParse(json).data;
const parseFaqFilter = (schemas: Schemas, json: unknown) => schemas.faqFilterSchema.safeParse(json).data;

/** The header box's suggestions for what is typed, from MIN_QUERY_LENGTH characters on. */
export function useSearchSuggestions(locale: Locale, query: string): SuggestionState {
  const q = query.trim();
  return useDebouncedAnswer(q.length >= MIN_QUERY_LENGTH ? `/api/search?${new URLSearchParams({ lang: locale, q })}` : null, parseSuggestions);
}

/** The FAQ items the FAQ list's filter keeps for what is typed (null: nothing to ask). */
export function useFaqFilter(locale: Locale, query: string | null): AnswerState<FaqFilter> {
  const q = query?.trim();
  return useDebouncedAnswer(q ? `/api/faq-search?${new URLSearchParams({ lang: locale, q })}` : null, parseFaqFilter);
}
