import { z } from 'zod';
import { email, text } from './fields';

export { fieldErrors, type FieldErrors } from './fields';

/**
 * The account forms: one schema per form, used by the server to validate what was posted (with or
 * without JavaScript) and by the browser to validate as the visitor types. Messages are keys of
 * `locales/{lang}/common.json` (`form.errors.*`), so every error exists in all three languages.
 */
const password = z.string().min(10, 'form.errors.passwordShort').max(200, 'form.errors.tooLong');
const required = (max: number) => text(max).min(1, 'form.errors.required');

export const loginForm = z.object({ email, password: z.string().min(1, 'form.errors.required').max(200, 'form.errors.tooLong') });
export const registerForm = z.object({ name: required(100), email, password });
export const emailForm = z.object({ email });
export const tokenForm = z.object({ token: z.string().trim().regex(/^[A-Za-z0-9_-]{20,200}$/, 'form.errors.token') });
export const passwordResetForm = tokenForm.extend({ password });
export const profileForm = z.object({
  name: required(100),
  phone: text(40).regex(/^[+\d\s()/-]*$/, 'form.errors.phone'),
  streetAddress: text(120),
  postalCode: text(12),
  town: text(80),
});
export const passwordChangeForm = z.object({
  currentPassword: z.string().min(1, 'form.errors.required').max(200, 'form.errors.tooLong'),
  newPassword: password,
});
