import { data } from 'react-router';
import { tokenForm } from '../../../shared/forms/account';
import type { Locale } from '../../../shared/locales';
import type { FormResult, PageMeta } from '../../../shared/page-data';
import { UpstreamError } from '../upstream/client';
import type { AccountResult } from '../upstream/account-api';
import { sameScreen } from './alternates';
import { breadcrumb } from './breadcrumb';
import type { Args } from './loaders';

/**
 * What the two pages the newsletter's mails link to share (server/site/screens/newsletterConfirm.ts and
 * newsletterUnsubscribe.ts), each a page with one button and nothing else: a GET
 * (a person, or a mail scanner following links) changes nothing; the button's POST confirms or
 * unsubscribes. The unsubscribe address also takes a mail program's one-click POST (RFC 8058: body
 * `List-Unsubscribe=One-Click`, the token only in the address), from anywhere (its `crossSitePost`
 * trait). The pages show nothing of the address or its state: the token is the only key, and it can
 * do nothing but its one change.
 */

type NewsletterRoute = 'newsletterConfirm' | 'newsletterUnsubscribe';

export function meta(args: Args, locale: Locale, name: NewsletterRoute): PageMeta {
  const { t } = args.context;
  const title = t(`${name}.title`);
  return { title, description: t(`${name}.description`), alternates: sameScreen(name), breadcrumb: breadcrumb(t, locale, { title }) };
}

/** The token a post carries (the page's button) or its address carries (a mail program's one-click post, and the link). */
export function tokenOf(request: Request, posted?: FormData): string | null {
  const fromBody = posted?.get('token');
  const candidate = typeof fromBody === 'string' && fromBody !== '' ? fromBody : (new URL(request.url).searchParams.get('token') ?? '');
  const parsed = tokenForm.safeParse({ token: candidate });
  return parsed.success ? parsed.data.token : null;
}

/** Posts the token upstream and answers with the page's message: done, a spent or unknown link, or try again later. */
export async function useToken(args: Args, form: NewsletterRoute, call: (token: string) => Promise<AccountResult<{ status: string }>>) {
  const token = tokenOf(args.request, await args.request.formData());
  if (token === null) return data<FormResult>({ form, errors: { form: 'form.errors.token' } }, { status: 400 });
  try {
    const result = await call(token);
    // A confirmation link used again while the address is subscribed: done already, said kindly.
    if (result.ok) return data<FormResult>({ form, done: result.data.status === 'already_subscribed' ? `${form}.already` : `${form}.done` });
    return data<FormResult>({ form, errors: { form: 'form.errors.token' } }, { status: 400 });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return data<FormResult>({ form, errors: { form: 'form.errors.unavailable' } }, { status: 503 });
  }
}
