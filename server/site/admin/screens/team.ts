import { adminPath } from '../../../../shared/admin/routes';
import { fieldErrors } from '../../../../shared/forms/fields';
import { staffInviteForm, staffMemberForm, staffProfileForm } from '../../../../shared/forms/staff';
import { clearStaffSession } from '../cookies';
import { errorsOf, failed, postedFields, refused, seeOther } from '../answers';
import type { AdminScreenModule } from '../context';

/** The owners' screens (the team, the audit log) and every member's own account. */

export const team: AdminScreenModule<'team'> = {
  async loader({ context }) {
    const result = await context.staff.team(context.session!);
    if (!result.ok) failed(result.status);
    return { ...result.data, me: context.member!.id };
  },

  /** `intent`: invite (an address and a role), member (a role, enabled or not), twoFactor (set the app up again). */
  async action({ request, context }) {
    const token = context.session!;
    const values = await postedFields(request);
    const back = (done: string) => seeOther(adminPath('team', {}, { done }));
    if (values.intent === 'invite') {
      const input = staffInviteForm.safeParse(values);
      if (!input.success) return refused({ form: 'invite', values, errors: fieldErrors(input.error) });
      const result = await context.staff.invite(token, input.data);
      return result.ok ? back('invite') : refused({ form: 'invite', values, errors: errorsOf(result, 'errors.unavailable') }, result.status);
    }
    const id = Number(values.member);
    if (!Number.isInteger(id)) return refused({ errors: { form: 'errors.unavailable' } });
    if (values.intent === 'member') {
      const input = staffMemberForm.safeParse(values);
      if (!input.success) return refused({ form: `member-${id}`, values, errors: fieldErrors(input.error) });
      const result = await context.staff.updateMember(token, id, input.data);
      if (result.ok) return back('member');
      return refused({ form: `member-${id}`, values, errors: { form: result.status === 409 ? 'errors.lastOwner' : 'errors.unavailable' } }, result.status);
    }
    if (values.intent === 'twoFactor') {
      const result = await context.staff.resetTwoFactor(token, id);
      return result.ok ? back('twoFactor') : refused({ form: `member-${id}`, errors: { form: 'errors.unavailable' } }, result.status);
    }
    return refused({ errors: { form: 'errors.unavailable' } });
  },
};

export const audit: AdminScreenModule<'audit'> = {
  async loader({ request, context }) {
    const search = new URL(request.url).searchParams;
    const filter = { member: search.get('member') ?? undefined, lead: search.get('lead') ?? undefined };
    const page = search.get('page') ?? undefined;
    const result = await context.staff.audit(context.session!, { ...filter, page });
    if (!result.ok) failed(result.status === 400 ? 404 : result.status);
    return { ...result.data, filter: Object.fromEntries(Object.entries(filter).filter(([, v]) => v)) };
  },
};

export const account: AdminScreenModule<'account'> = {
  async loader() {
    return {};
  },

  /** `intent`: profile (name, language), logout (this session), logoutEverywhere (every session). */
  async action({ request, context }) {
    const token = context.session!;
    const values = await postedFields(request);
    if (values.intent === 'profile') {
      const input = staffProfileForm.safeParse(values);
      if (!input.success) return refused({ form: 'profile', values, errors: fieldErrors(input.error) });
      const result = await context.staff.updateMe(token, input.data);
      return result.ok
        ? seeOther(adminPath('account', {}, { done: 'profile' }))
        : refused({ form: 'profile', values, errors: errorsOf(result, 'errors.unavailable') }, result.status);
    }
    if (values.intent === 'logout' || values.intent === 'logoutEverywhere') {
      // Signed out either way: a session the content API no longer knows is no session.
      await (values.intent === 'logout' ? context.staff.logout(token) : context.staff.logoutEverywhere(token));
      return seeOther(adminPath('login'), [clearStaffSession(context.https)]);
    }
    return refused({ errors: { form: 'errors.unavailable' } });
  },
};
