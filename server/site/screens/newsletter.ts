import { randomUUID } from 'node:crypto';
import { fieldErrors } from '../../../shared/forms/fields';
import { newsletterForm } from '../../../shared/forms/newsletter';
import { FRESHNESS } from '../cache-control';
import { accept, answer, judged, meta, readPost, screen, withSpam } from '../routing/form-screens';
import type { ScreenModule } from '../routing/loaders';

/**
 * The server's half of the `newsletter` screen: its loader (data, head, structured data), its action and its freshness.
 * Its paths, traits, strings and data type: shared/screens/newsletter.ts; its page: client/pages/newsletter.tsx.
 */
export default {
  async loader(args, locale) {
    return { ...(await screen(args, locale)), meta: meta(args, locale, 'newsletter') };
  },

  async action(args, locale) {
    const { posted, values } = await readPost(args.request);
    const parsed = newsletterForm.safeParse(values);
    if (!parsed.success) return answer({ form: 'newsletter', values, errors: fieldErrors(parsed.error) }, 400);
    const judgement = await judged(args, 'newsletter', posted);
    if ('expired' in judgement) return answer(judgement.expired, 400);
    // Without JavaScript a post has no id, and its key would be a hash of the address: the same address
    // signing up again (a lost confirmation mail, after unsubscribing) would be taken for the first
    // signup and mail nothing. A signup repeated is harmless (the content API mails once an hour).
    const body = parsed.data.submissionId ? parsed.data : { ...parsed.data, submissionId: randomUUID() };
    return accept(args, locale, 'newsletter', withSpam(body, judgement.spam), values);
  },

  freshness: FRESHNESS.page,
} satisfies ScreenModule<'newsletter'>;
