import { redirect } from 'react-router';
import * as forms from '../../../shared/forms/account';
import { pathTo } from '../../../shared/routes';
import { sessionCookie } from '../request/session-cookie';
import { attempt, echo, formResult, meta, queryToken, readForm, seeOther, signedIn, validate } from '../routing/account-screens';
import type { ScreenModule } from '../routing/loaders';

/**
 * The server's half of the `login` screen: its loader (data, head, structured data), its action and its freshness.
 * Its paths, traits, strings and data type: shared/screens/login.ts; its page: client/pages/account-login.tsx.
 */
export default {
  async loader(args, locale) {
    if (await signedIn(args, locale)) throw redirect(pathTo('profile', locale));
    // Shown for any token of the right shape: whether it is valid is for the sign-in to find out.
    return { unlock: queryToken(args.request, 'unlock'), meta: meta(args, locale, 'login') };
  },

  async action(args, locale) {
    const values = await readForm(args.request);
    const form = validate('login', forms.loginForm, values);
    if (!form.ok) return form.answer;
    const call = await attempt('login', values, () => args.context.account.login(locale, form.data, args.context.clientAddress));
    if (!call.ok) return call.answer;
    const { result } = call;
    if (result.ok) return seeOther(pathTo('profile', locale), sessionCookie(result.data.token, result.data.expiresAt, args.context.secure));
    const error =
      result.error === 'not_verified'
        ? 'form.errors.notVerified'
        : result.error === 'too_many_attempts'
          ? 'form.errors.tooManyAttempts'
          : 'form.errors.invalidCredentials';
    return formResult({ form: 'login', errors: { form: error }, values: echo(values) }, result.status === 429 ? 429 : 400);
  },

  freshness: null,
} satisfies ScreenModule<'login'>;
