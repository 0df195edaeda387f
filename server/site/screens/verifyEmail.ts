import * as forms from '../../../shared/forms/account';
import { attempt, formResult, meta, queryToken, readForm, validate } from '../routing/account-screens';
import type { ScreenModule } from '../routing/loaders';

/**
 * The server's half of the `verifyEmail` screen: its loader (data, head, structured data), its action and its freshness.
 * Its paths, traits, strings and data type: shared/screens/verifyEmail.ts; its page: client/pages/account-verify-email.tsx.
 */
export default {
  async loader(args, locale) {
    return { token: queryToken(args.request), meta: meta(args, locale, 'verifyEmail') };
  },

  async action(args, locale) {
    const values = await readForm(args.request);
    const form = validate('verifyEmail', forms.tokenForm, values);
    if (!form.ok) return form.answer;
    const call = await attempt('verifyEmail', values, () => args.context.account.verifyEmail(locale, form.data.token));
    if (!call.ok) return call.answer;
    if (!call.result.ok) return formResult({ form: 'verifyEmail', errors: { form: 'form.errors.token' } }, 400);
    // A link used again (or after a newer one, or a password reset): the address is verified, sign in.
    return formResult({
      form: 'verifyEmail',
      done: call.result.data.status === 'already_verified' ? 'account.verifyEmail.already' : 'account.verifyEmail.done',
    });
  },

  freshness: null,
} satisfies ScreenModule<'verifyEmail'>;
