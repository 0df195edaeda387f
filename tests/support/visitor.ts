import type { Server } from 'node:http';
import request from 'supertest';
import type { Locale } from '../../shared/locales';
import { waitForMail } from './mail';

/** The running site as these helpers reach it: its server, and the data folder its content API writes mail to. */
type RunningSite = { server: Server; dataDir: string };

/** A visitor's form post from one of the site's own pages (the same-origin check lets it through). */
export const postForm = (site: RunningSite, path: string, form: Record<string, string>, cookie = '') =>
  request(site.server).post(path).set('Sec-Fetch-Site', 'same-origin').set('Cookie', cookie).type('form').send(form);

/** The session cookie a sign-in's answer sets, as the browser sends it back. */
export const sessionCookieOf = (res: request.Response) => String(res.headers['set-cookie']).split(';')[0]!;

/** An account registered on the site and confirmed by the link the site mailed, as a visitor does it. */
export async function registerVerified(site: RunningSite, account: { email: string; password: string; name?: string; locale?: Locale }): Promise<void> {
  const { email, password, name = 'Ana Novak', locale = 'sl' } = account;
  await postForm(site, `/${locale}/register`, { name, email, password, website: '' });
  const mail = await waitForMail(site.dataDir, email, `/${locale}/verify-email?token=`);
  const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
  if (!token) throw new Error(`no verification link in the mail to ${email}`);
  await postForm(site, `/${locale}/verify-email`, { token });
}

/** Signs in on the site's login page: the session cookie. */
export async function signIn(site: RunningSite, email: string, password: string, locale: Locale = 'sl'): Promise<string> {
  const res = await postForm(site, `/${locale}/login`, { email, password });
  if (res.status !== 303) throw new Error(`signing in as ${email} answered ${res.status}`);
  return sessionCookieOf(res);
}
