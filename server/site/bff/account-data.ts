import { Router } from 'express';
import { LOCALES } from '../../../shared/locales';
import { accountDataPath, pathTo } from '../../../shared/routes';
import type { PageI18n } from '../i18n/page-i18n';
import { readSession, SESSION_COOKIE, sessionCookieOptions } from '../request/session-cookie';
import type { AccountApi } from '../upstream/account-api';
import { UpstreamError } from '../upstream/client';
import { CACHE_CONTROL } from '../cache-control';

/**
 * `GET /{locale}/user/data.json`: what the content API holds about the signed-in visitor, as a file
 * to keep (docs/decisions/0024-data-rights.md). A visitor without a live session is sent to the login
 * page; the answer is theirs alone and never stored by any cache.
 *
 *   200 AccountExport, as an attachment
 *   303 to the login page (no session, or one that has ended)
 *   503 the content API did not answer
 */
export function accountDataDownload({ account, i18n, secure }: { account: Pick<AccountApi, 'exportData'>; i18n: PageI18n; secure: boolean }): Router {
  const router = Router();
  for (const locale of LOCALES) {
    router.get(accountDataPath(locale), async (req, res, next) => {
      res.setHeader('Cache-Control', CACHE_CONTROL.privateNoStore);
      const login = pathTo('login', locale);
      const session = readSession(req.cookies);
      if (!session) return void res.redirect(303, login);
      try {
        const result = await account.exportData(locale, session);
        if (!result.ok) return void res.clearCookie(SESSION_COOKIE, sessionCookieOptions(secure)).redirect(303, login);
        const name = `${i18n.forRequest(locale, ['account']).t('account.data.fileName')}-${result.data.exportedAt.slice(0, 10)}.json`;
        res
          .attachment(name)
          .type('json')
          .send(`${JSON.stringify(result.data, null, 2)}\n`);
      } catch (error) {
        next(error instanceof UpstreamError ? Object.assign(new Error('account data unavailable'), { status: 503 }) : error);
      }
    });
  }
  return router;
}
