import * as forms from '../../../shared/forms/account';
import { attempt, formResult, meta, readForm, validate } from '../routing/account-screens';
import type { ScreenModule } from '../routing/loaders';

/**
 * The server's half of the `verify` screen: its loader (data, head, structured data), its action and its freshness.
 * Its paths, traits, strings and data type: shared/screens/verify.ts; its page: client/pages/account-verify.tsx.
 */
export default {
  async loader(args, locale) {
    return { meta: meta(args, locale, 'verify') };
  },

  async action(args, locale) {
    const values = await readForm(args.request);
    const form = validate('verify', forms.emailForm, values);
    if (!form.ok) return form.answer;
    const call = await attempt('verify', values, () => args.context.account.resendVerification(locale, form.data.email));
    if (!call.ok) return call.answer;
    return formResult({ form: 'verify', done: 'account.verify.done' });
  },

  freshness: null,
} satisfies ScreenModule<'verify'>;
