import { leadFilterSchema } from '../../../../shared/api/staff';
import { adminPath } from '../../../../shared/admin/routes';
import type { LeadFilterValues } from '../../../../shared/admin/screens';
import { fieldErrors } from '../../../../shared/forms/fields';
import { leadAssigneeForm, leadNoteForm, leadReplyForm, leadStatusForm } from '../../../../shared/forms/staff';
import type { LeadQuery } from '../../upstream/staff-api';
import { errorsOf, failed, postedFields, refused, seeOther } from '../answers';
import type { AdminScreenModule } from '../context';

/** The inbox and a lead's page: what the content API's staff endpoints hold, for owners and sales. */

const FILTERS = ['kind', 'status', 'assignee', 'offerType', 'from', 'to', 'q', 'page'] as const;

/**
 * The filters an address carries, each kept only if the contract takes it: a link with one spoilt
 * filter (an old bookmark) still lists the leads, without that filter.
 */
export function leadFilterOf(search: URLSearchParams): LeadFilterValues {
  const values: LeadFilterValues = {};
  for (const name of FILTERS) {
    const value = search.get(name)?.trim();
    if (value && leadFilterSchema.shape[name].safeParse(value).success) values[name] = value;
  }
  return values;
}

const session = (token: string | null) => {
  if (!token) failed(401);
  return token;
};

export const inbox: AdminScreenModule<'inbox'> = {
  async loader({ request, context }) {
    const filter = leadFilterOf(new URL(request.url).searchParams);
    const [leads, assignees] = await Promise.all([
      context.staff.leads(session(context.session), filter as LeadQuery),
      context.staff.assignees(session(context.session)),
    ]);
    if (!leads.ok || !assignees.ok) failed(leads.ok ? (assignees as { status: number }).status : leads.status);
    return { leads: leads.data, filter, assignees: assignees.data };
  },
};

export const lead: AdminScreenModule<'lead'> = {
  async loader({ params, context }) {
    const id = String(params.id);
    const [found, assignees] = await Promise.all([context.staff.lead(session(context.session), id), context.staff.assignees(session(context.session))]);
    if (!found.ok) failed(found.status);
    if (!assignees.ok) failed(assignees.status);
    return { lead: found.data, assignees: assignees.data };
  },

  /**
   * The lead page's forms, told apart by `intent`: status, assignee, note, reply. Each answers with a
   * 303 back to the lead (`?done=` names what was done, for the screen to say), or its form's errors.
   */
  async action({ request, params, context }) {
    const id = String(params.id);
    const token = session(context.session);
    const values = await postedFields(request);
    const intent = values.intent;
    const back = (done: string) => seeOther(adminPath('lead', { id }, { done }));
    const invalid = (error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }) =>
      refused({ form: intent, values, errors: fieldErrors(error) });

    if (intent === 'status') {
      const input = leadStatusForm.safeParse(values);
      if (!input.success) return invalid(input.error);
      const result = await context.staff.setStatus(token, id, input.data);
      return result.ok ? back('status') : refused({ form: intent, values, errors: errorsOf(result, 'errors.unavailable') }, result.status);
    }
    if (intent === 'assign') {
      const input = leadAssigneeForm.safeParse({ memberId: values.memberId ?? '' });
      if (!input.success) return invalid(input.error);
      const result = await context.staff.assign(token, id, input.data.memberId);
      return result.ok ? back('assign') : refused({ form: intent, values, errors: errorsOf(result, 'errors.unavailable') }, result.status);
    }
    if (intent === 'note' || intent === 'reply') {
      const input = (intent === 'note' ? leadNoteForm : leadReplyForm).safeParse({ text: values.text });
      if (!input.success) return invalid(input.error);
      const result = await (intent === 'note' ? context.staff.addNote : context.staff.reply)(token, id, input.data.text);
      return result.ok ? back(intent) : refused({ form: intent, values, errors: errorsOf(result, 'errors.unavailable') }, result.status);
    }
    return refused({ errors: { form: 'errors.unavailable' } });
  },
};
