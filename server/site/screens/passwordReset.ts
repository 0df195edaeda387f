import * as forms from '../../../shared/forms/account';
import { attempt, echo, formResult, meta, queryToken, readForm, resetLinkState, validate } from '../routing/account-screens';
import type { ScreenModule } from '../routing/loaders';

/**
 * The server's half of the `passwordReset` screen: its loader (data, head, structured data), its action and its freshness.
 * Its paths, traits, strings and data type: shared/screens/passwordReset.ts; its page: client/pages/account-password-reset.tsx.
 */
export default {
  async loader(args, locale) {
    const token = queryToken(args.request);
    const link = token === null ? null : await resetLinkState(args.context.account, locale, token);
    return { token, link, meta: meta(args, locale, 'passwordReset') };
  },

  async action(args, locale) {
    const values = await readForm(args.request);
    if (values.token !== undefined) {
      const form = validate('passwordReset', forms.passwordResetForm, values);
      if (!form.ok) return form.answer;
      const call = await attempt('passwordReset', values, () => args.context.account.confirmPasswordReset(locale, form.data, args.context.clientAddress));
      if (!call.ok) return call.answer;
      if (call.result.ok) return formResult({ form: 'passwordReset', done: 'account.passwordReset.changed' });
      // A link used before: said so (the page offers a new link and the sign-in), never "invalid".
      const used = call.result.status === 409;
      return formResult(
        { form: 'passwordReset', errors: { form: used ? 'form.errors.tokenUsed' : 'form.errors.token' }, values: echo(values) },
        used ? 409 : 400,
      );
    }
    const form = validate('passwordResetRequest', forms.emailForm, values);
    if (!form.ok) return form.answer;
    const call = await attempt('passwordResetRequest', values, () => args.context.account.requestPasswordReset(locale, form.data.email));
    if (!call.ok) return call.answer;
    return formResult({ form: 'passwordResetRequest', done: 'account.passwordReset.sent' });
  },

  freshness: null,
} satisfies ScreenModule<'passwordReset'>;
