import { CONTENT_KINDS, contentKindSchema, contentRedirectBodySchema, type ContentKind } from '../../../../shared/api/staff-content';
import { adminPath } from '../../../../shared/admin/routes';
import { BLOCK_TYPES, fromFields, withNewBlock, withPhotoAlts, type BlockType } from '../../../../shared/admin/content-form';
import { failed, postedFields, refused, seeOther } from '../answers';
import type { AdminArgs, AdminScreenModule } from '../context';
import type { StaffResult } from '../../upstream/staff-api';
import { COMPANY_TIME_ZONE } from '../../../../shared/company-time-zone';

/** The editors' screens: the kinds of content, a kind's entities, one entity's draft, and the redirects. */

function kindOf({ params }: AdminArgs): ContentKind {
  const kind = contentKindSchema.safeParse(params.kind);
  if (!kind.success) failed(404);
  return kind.data;
}

/**
 * A refused call as the form shows it: the seed import's problems, or the message keys of a body the
 * content API's schema refused (a redirect's path: the same key for both), else the screen's general error.
 */
function problemsOf(result: Extract<StaffResult<unknown>, { ok: false }>) {
  const problems = result.problems ?? [...new Set(Object.values(result.fields ?? {}))];
  return problems.length > 0 ? { problems } : { errors: { form: 'errors.unavailable' } };
}

/** The editors' photos, whose alt texts an image picked from them takes. */
async function photosOf(token: string, context: AdminArgs['context']) {
  const media = await context.media.list(token);
  return media.ok ? media.data : [];
}

export const content: AdminScreenModule<'content'> = {
  async loader() {
    return { kinds: CONTENT_KINDS };
  },
};

export const contentList: AdminScreenModule<'contentList'> = {
  async loader(args) {
    const result = await args.context.content.list(args.context.session!, kindOf(args));
    if (!result.ok) failed(result.status);
    return result.data;
  },
};

/** A date and time as the form's `datetime-local` field posts it, in the company's time zone (as visits are agreed). */
function publishAtOf(values: Record<string, string>): string | null | 'invalid' {
  if (!values.publishAt) return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(values.publishAt)) return 'invalid';
  const asUtc = Date.parse(`${values.publishAt}:00Z`);
  if (Number.isNaN(asUtc)) return 'invalid';
  return new Date(asUtc - zoneOffsetMs(asUtc)).toISOString();
}

/** How far the company's clocks are ahead of UTC around `at` (one or two hours in Slovenia). */
function zoneOffsetMs(at: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: COMPANY_TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute)) - Math.floor(at / 60_000) * 60_000;
}

export const contentEdit: AdminScreenModule<'contentEdit'> = {
  async loader(args) {
    const session = args.context.session!;
    const [result, media] = await Promise.all([args.context.content.entity(session, kindOf(args), String(args.params.key)), args.context.media.list(session)]);
    if (!result.ok) failed(result.status);
    // The photos to pick from: an upstream without media still lets every other field be edited.
    return { entity: result.data, media: media.ok ? media.data : [] };
  },

  /**
   * `intent`: save (the form's fields as the draft, with a time to publish it at or none), or a block
   * added (`addBlock`: `<list field>|<type>`, the form shown again with it, nothing saved); publish,
   * preview, discard, unpublish, restore (`revision`).
   */
  async action(args) {
    const { request, context } = args;
    const kind = kindOf(args);
    const key = String(args.params.key);
    const token = context.session!;
    const values = await postedFields(request);
    const back = (done: string) => seeOther(adminPath('contentEdit', { kind, key }, { done }));
    const api = context.content;

    if (values.intent === 'save' || values.addBlock) {
      const current = await api.entity(token, kind, key);
      if (!current.ok) failed(current.status);
      const template = current.data.draft?.json ?? current.data.published;
      // The form is built from what it showed: a block added before this post is in `working`.
      const shown = values.working ? (JSON.parse(values.working) as unknown) : template;
      const json = withPhotoAlts(fromFields(shown, values), shown, await photosOf(token, context));
      if (values.addBlock) {
        const [at, type] = values.addBlock.split('|') as [string, BlockType];
        if (!BLOCK_TYPES.includes(type)) return refused({ form: 'edit', errors: { form: 'errors.unavailable' } });
        return { form: 'edit', working: withNewBlock(json, at, type) };
      }
      const publishAt = publishAtOf(values);
      if (publishAt === 'invalid') return refused({ form: 'edit', working: json, errors: { publishAt: 'content.errors.publishAt' } });
      const saved = await api.saveDraft(token, kind, key, json, publishAt);
      return saved.ok ? back(publishAt ? 'scheduled' : 'draft') : refused({ form: 'edit', working: json, ...problemsOf(saved) }, saved.status);
    }
    if (values.intent === 'preview') {
      const preview = await api.preview(token, kind, key);
      return preview.ok ? { form: 'preview', preview: preview.data } : refused({ form: 'preview', ...problemsOf(preview) }, preview.status);
    }
    const steps = {
      publish: () => api.publish(token, kind, key),
      discard: () => api.discard(token, kind, key),
      unpublish: () => api.unpublish(token, kind, key),
      restore: () => api.restore(token, kind, key, Number(values.revision)),
    } as const;
    const step = steps[values.intent as keyof typeof steps];
    if (!step) return refused({ errors: { form: 'errors.unavailable' } });
    const result = await step();
    if (result.ok) return back(values.intent!);
    // A discarded draft of an entity never published leaves nothing to edit.
    if (values.intent === 'discard' && result.status === 404) return seeOther(adminPath('contentList', { kind }));
    return refused({ form: values.intent, ...problemsOf(result) }, result.status);
  },
};

export const redirects: AdminScreenModule<'redirects'> = {
  async loader({ context }) {
    const result = await context.content.redirects(context.session!);
    if (!result.ok) failed(result.status);
    return { redirects: result.data };
  },

  /** `intent`: add (`from`, `to`), delete (`id`). */
  async action({ request, context }) {
    const values = await postedFields(request);
    const token = context.session!;
    if (values.intent === 'add') {
      const input = contentRedirectBodySchema.safeParse(values);
      if (!input.success) return refused({ form: 'add', values, errors: Object.fromEntries(input.error.issues.map((i) => [String(i.path[0]), i.message])) });
      const result = await context.content.addRedirect(token, input.data);
      return result.ok ? seeOther(adminPath('redirects', {}, { done: 'add' })) : refused({ form: 'add', values, ...problemsOf(result) }, result.status);
    }
    if (values.intent === 'delete') {
      const result = await context.content.deleteRedirect(token, Number(values.id));
      return result.ok ? seeOther(adminPath('redirects', {}, { done: 'delete' })) : refused({ errors: { form: 'errors.unavailable' } }, result.status);
    }
    return refused({ errors: { form: 'errors.unavailable' } });
  },
};
