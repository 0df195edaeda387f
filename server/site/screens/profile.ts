import { redirect } from 'react-router';
import * as forms from '../../../shared/forms/account';
import { pathTo } from '../../../shared/routes';
import { clearSessionCookie } from '../request/session-cookie';
import { attempt, formResult, meta, newsletterOf, readForm, seeOther, submissionsOf, validate } from '../routing/account-screens';
import type { ScreenModule } from '../routing/loaders';

/**
 * The server's half of the `profile` screen: its loader (data, head, structured data), its action and its freshness.
 * Its paths, traits, strings and data type: shared/screens/profile.ts; its page: client/pages/account-profile.tsx.
 */
export default {
  async loader(args, locale) {
    const { session, account, secure } = args.context;
    const login = pathTo('login', locale);
    if (!session) throw redirect(login);
    const [result, submissions, newsletter] = await Promise.all([
      account.account(locale, session),
      submissionsOf(account, locale, session),
      newsletterOf(account, locale, session),
    ]);
    if (!result.ok) throw redirect(login, { headers: { 'Set-Cookie': clearSessionCookie(secure) } });
    return { user: result.data, submissions, newsletter, meta: meta(args, locale, 'profile') };
  },

  async action(args, locale) {
    const { session, account, secure } = args.context;
    if (!session) return seeOther(pathTo('login', locale));
    const values = await readForm(args.request);
    switch (values.intent) {
      case 'logout': {
        await account.logout(locale, session).catch(() => undefined);
        return seeOther(pathTo('login', locale), clearSessionCookie(secure));
      }
      case 'password': {
        const form = validate('password', forms.passwordChangeForm, values);
        if (!form.ok) return form.answer;
        const call = await attempt('password', values, () => account.changePassword(locale, session, form.data, args.context.clientAddress));
        if (!call.ok) return call.answer;
        if (call.result.ok) return formResult({ form: 'password', done: 'account.profile.passwordChanged' });
        if (call.result.status === 401) return seeOther(pathTo('login', locale), clearSessionCookie(secure));
        // Wrong current passwords count towards the login limits: a stolen session cannot guess it.
        if (call.result.status === 429) return formResult({ form: 'password', errors: { currentPassword: 'form.errors.tooManyAttempts' } }, 429);
        return formResult({ form: 'password', errors: { currentPassword: 'form.errors.wrongPassword' } }, 400);
      }
      case 'newsletter': {
        // The account's own, verified address: switched at once, no confirmation mail.
        const call = await attempt('newsletter', values, () => account.setNewsletter(locale, session, values.subscribed === 'true'));
        if (!call.ok) return call.answer;
        if (call.result.ok)
          return formResult({
            form: 'newsletter',
            done: call.result.data.subscribed ? 'account.profile.newsletter.subscribed' : 'account.profile.newsletter.unsubscribed',
          });
        return seeOther(pathTo('login', locale), clearSessionCookie(secure));
      }
      default: {
        const form = validate('profile', forms.profileForm, values);
        if (!form.ok) return form.answer;
        const call = await attempt('profile', values, () => account.updateAccount(locale, session, form.data));
        if (!call.ok) return call.answer;
        if (call.result.ok) return formResult({ form: 'profile', done: 'account.profile.saved' });
        return seeOther(pathTo('login', locale), clearSessionCookie(secure));
      }
    }
  },

  freshness: null,
} satisfies ScreenModule<'profile'>;
