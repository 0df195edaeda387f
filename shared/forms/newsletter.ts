import * as z from 'zod/mini';
import { email, mustTick, submissionId } from './fields';

/** The newsletter signup (footer and section): email and consent; subscribing twice is not an error. */
export const newsletterForm = z.object({
  email,
  consent: mustTick('form.errors.consent'),
  submissionId,
});
export type NewsletterForm = z.output<typeof newsletterForm>;
