import { redirect } from 'react-router';
import * as forms from '../../../shared/forms/account';
import { pathTo } from '../../../shared/routes';
import { attempt, formResult, HONEYPOT, meta, readForm, signedIn, validate } from '../routing/account-screens';
import type { ScreenModule } from '../routing/loaders';

/**
 * The server's half of the `register` screen: its loader (data, head, structured data), its action and its freshness.
 * Its paths, traits, strings and data type: shared/screens/register.ts; its page: client/pages/account-register.tsx.
 */
export default {
  async loader(args, locale) {
    if (await signedIn(args, locale)) throw redirect(pathTo('profile', locale));
    return { meta: meta(args, locale, 'register') };
  },

  async action(args, locale) {
    const values = await readForm(args.request);
    if (values[HONEYPOT]) return formResult({ form: 'register', done: 'account.register.done' });
    const form = validate('register', forms.registerForm, values);
    if (!form.ok) return form.answer;
    const call = await attempt('register', values, () => args.context.account.register(locale, form.data));
    if (!call.ok) return call.answer;
    return formResult({ form: 'register', done: 'account.register.done' });
  },

  freshness: null,
} satisfies ScreenModule<'register'>;
