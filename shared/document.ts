import type { ResourceLanguage } from 'i18next';
import type { Locale } from './locales';

/** The id of the `<script type="application/json">` block that carries the page's data to the browser. */
export const DOCUMENT_DATA_ID = '__data';
/** The element the app renders into and hydrates. */
export const APP_ROOT_ID = 'app';

/** A route error as it travels in JSON; the browser turns it back into a route error response. */
export type SerializedRouteError = { kind: 'response'; status: number; statusText: string; data: unknown } | { kind: 'error'; message: string };

export interface HydrationState {
  loaderData: Record<string, unknown>;
  /** The answer of a posted form, when the page is the answer to a post. */
  actionData?: Record<string, unknown> | null;
  errors: Record<string, SerializedRouteError> | null;
}

/** Settings the browser needs, from the server's configuration. */
export interface PublicConfig {
  /** Google Tag Manager container id; null: no tag manager at all. */
  gtmId: string | null;
  /** Share of page views (0 to 1) that measure web vitals and report them to `/api/rum`. */
  rumSampleRate: number;
}

/** Everything the browser needs to hydrate without another request. */
export interface DocumentData {
  locale: Locale;
  buildId: string;
  config: PublicConfig;
  /** The UI strings the screen was rendered with, by i18next namespace (`common` and the screen's own). */
  strings: ResourceLanguage;
  hydration: HydrationState;
}

/** What `{page path}/_payload.json` answers: the page's loader data, as a client navigation needs it. */
export interface PagePayload extends HydrationState {
  status: number;
  redirect?: string;
}

export const PAYLOAD_SUFFIX = '/_payload.json';

/** The page a path names: the path itself, or the page whose payload it is. */
export function pagePathOf(pathname: string): string {
  return pathname.endsWith(PAYLOAD_SUFFIX) ? pathname.slice(0, -PAYLOAD_SUFFIX.length) || '/' : pathname;
}

export function payloadPath(pathname: string, search = ''): string {
  return `${pathname.replace(/\/+$/, '')}${PAYLOAD_SUFFIX}${search}`;
}
