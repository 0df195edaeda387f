import type { i18n, TFunction } from 'i18next';
import { SCREEN_NAMESPACES } from '../../../shared/i18n';
import { PREVIEW_PARAM } from '../../../shared/api/staff-content';
import { isHttpsOrigin } from '../../../shared/cookies';
import { matchRoute } from '../../../shared/route-match';
import type { PageI18n } from '../i18n/page-i18n';
import type { DraftStore } from '../drafts';
import { readDraftId } from '../drafts/cookie';
import type { Outbox } from '../outbox/types';
import type { PhotoPreparer } from '../photos/prepare';
import { requestLocale } from '../request/request-locale';
import { CLIENT_ADDRESS_HEADER, SCRIPT_POST_HEADER } from '../request/fetch-request';
import type { SpamGuard } from '../spam/judge';
import { cookiesOf } from '../request/cookies';
import { readSession } from '../request/session-cookie';
import type { AccountApi } from '../upstream/account-api';
import type { ContentApi } from '../upstream/content-api';

/** What loaders and actions get with a request: the typed upstream, the visitor's session, the site's origin. */
export interface LoaderContext {
  api: ContentApi;
  account: AccountApi;
  /** The visitor's session token, when signed in. */
  session: string | null;
  /** The visitor's address, for the calls whose limits count per address (sign-in); null for a shared render. */
  clientAddress: string | null;
  /** Cookies get `Secure`: the site's public origin is https (shared/cookies.ts). */
  secure: boolean;
  origin: string;
  /** The request's own i18next instance (server/site/i18n/page-i18n.ts), in its locale, with its screen's namespaces; its render uses it too. */
  i18n: i18n;
  /** Its `t` (titles of screens that have no content title). */
  t: TFunction;
  /** Where the public forms' submissions are stored until they are delivered upstream. */
  outbox: Outbox;
  /** Decodes and re-encodes posted photos, a bounded number at a time. */
  photos: PhotoPreparer;
  /** Inquiries being filled in without JavaScript, between their steps (server/site/drafts/). */
  drafts: DraftStore;
  /**
   * The secret of the visitor's inquiry draft, from its cookie; null for none (and for a shared render).
   * A post that makes a new draft sets it, so the page answering that post shows the draft.
   */
  draftId: string | null;
  /** Issues the forms' time tokens and judges their posts (server/site/spam/judge.ts). */
  spam: SpamGuard;
  /** The post came from the site's script (the browser's router posting to the page's payload), not a plain form. */
  byScript: boolean;
  /**
   * A status the request was already refused with before the router (the form rate limit, a failed
   * middleware): the page's loader answers it, so its error page renders in the layout.
   */
  refusal?: number;
}

/** What the site gives every request's loader context. */
export interface LoaderDeps {
  api: ContentApi;
  account: AccountApi;
  /** The site's public origin: request URLs are built on it, never on the Host header. */
  origin: string;
  i18n: PageI18n;
  /** Where the public forms' submissions are stored until they are delivered upstream. */
  outbox: Outbox;
  photos: PhotoPreparer;
  drafts: DraftStore;
  spam: SpamGuard;
  /** The content as a preview link's draft would make it, uncached (`?preview=` of shared/api/staff-content.ts). */
  previewApi?: (token: string) => ContentApi;
}

/** The token of a preview link, when the request is one. */
export function previewTokenOf(request: Request | string): string | null {
  const url = typeof request === 'string' ? request : request.url;
  // Asked on every cached answer, where a URL parsed for nothing cost 2 µs: most have no query at all.
  if (!url.includes('?')) return null;
  const token = new URL(url, 'http://x').searchParams.get(PREVIEW_PARAM);
  return token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;
}

export function loaderContext(deps: LoaderDeps, request: Request): LoaderContext {
  // The screen's namespaces from its path, before its route is matched: the loaders write titles with them.
  const screen = matchRoute(new URL(request.url).pathname);
  const i18n = deps.i18n.forRequest(requestLocale(request), screen ? SCREEN_NAMESPACES[screen.name] : []);
  const preview = previewTokenOf(request);
  return {
    api: preview && deps.previewApi ? deps.previewApi(preview) : deps.api,
    account: deps.account,
    session: readSession(cookiesOf(request)),
    clientAddress: request.headers.get(CLIENT_ADDRESS_HEADER),
    secure: isHttpsOrigin(deps.origin),
    origin: deps.origin,
    i18n,
    t: i18n.t,
    outbox: deps.outbox,
    photos: deps.photos,
    drafts: deps.drafts,
    draftId: readDraftId(cookiesOf(request)),
    spam: deps.spam,
    byScript: request.headers.has(SCRIPT_POST_HEADER),
  };
}
