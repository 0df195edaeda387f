import { redirect } from 'react-router';
import * as forms from '../../../shared/forms/account';
import { pathTo } from '../../../shared/routes';
import { clearSessionCookie } from '../request/session-cookie';
import { attempt, formResult, meta, readForm, seeOther, signedIn, validate } from '../routing/account-screens';
import type { ScreenModule } from '../routing/loaders';

/**
 * The server's half of the `accountDelete` screen: its loader (data, head, structured data), its action and its freshness.
 * Its paths, traits, strings and data type: shared/screens/accountDelete.ts; its page: client/pages/account-delete.tsx.
 */
export default {
  async loader(args, locale) {
    if (await signedIn(args, locale)) return { deleted: false, meta: meta(args, locale, 'accountDelete') };
    // Only signed out is the confirmation shown; anyone else who comes here must sign in first.
    if (new URL(args.request.url).searchParams.has('deleted')) return { deleted: true, meta: meta(args, locale, 'accountDelete') };
    throw redirect(pathTo('login', locale));
  },

  async action(args, locale) {
    const { session, account, secure } = args.context;
    if (!session) return seeOther(pathTo('login', locale));
    const values = await readForm(args.request);
    const form = validate('accountDelete', forms.accountDeleteForm, values);
    if (!form.ok) return form.answer;
    const call = await attempt('accountDelete', values, () => account.deleteAccount(locale, session, form.data, args.context.clientAddress));
    if (!call.ok) return call.answer;
    // The session ended with the account: the cookie goes too, and the confirmation is shown signed out.
    if (call.result.ok) return seeOther(`${pathTo('accountDelete', locale)}?deleted=1`, clearSessionCookie(secure));
    if (call.result.status === 401) return seeOther(pathTo('login', locale), clearSessionCookie(secure));
    // Wrong passwords count towards the login lockout, as for a password change.
    if (call.result.status === 429) return formResult({ form: 'accountDelete', errors: { password: 'form.errors.tooManyAttempts' } }, 429);
    return formResult({ form: 'accountDelete', errors: { password: 'account.accountDelete.wrongPassword' } }, 400);
  },

  freshness: null,
} satisfies ScreenModule<'accountDelete'>;
