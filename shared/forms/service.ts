import { z } from 'zod';
import { checkbox, mustTick, optionalEmail, optionalText, optionalWholeNumber, phone, requiredText, submissionId } from './fields';

/**
 * The service request (spec: phone, invoice number and installation year, message, terms, marketing
 * opt-out). Name and email are optional additions: with an email the visitor gets a confirmation.
 */
export const FIRST_INSTALLATION_YEAR = 1990;

export const serviceForm = z.object({
  phone,
  invoiceNumber: optionalText(40),
  // The upper bound is this year at the moment of parsing, so it moves with the calendar.
  installationYear: optionalWholeNumber(FIRST_INSTALLATION_YEAR, 9999, 'form.errors.year').refine(
    (year) => year === undefined || year <= new Date().getFullYear(),
    'form.errors.year',
  ),
  content: requiredText(5000),
  nameAndSurname: optionalText(100),
  email: optionalEmail,
  terms: mustTick('form.errors.terms'),
  marketingOptOut: checkbox,
  submissionId,
});
export type ServiceForm = z.output<typeof serviceForm>;
