import * as z from 'zod/mini';
import { email, text } from './fields';

export { fieldErrors, type FieldErrors } from './fields';

/**
 * The account forms: one schema per form, used by the server to validate what was posted (with or
 * without JavaScript) and by the browser to validate as the visitor types. Messages are keys of
 * `locales/{lang}/common.json` (`form.errors.*`), so every error exists in all three languages.
 */
const password = z.string().check(z.minLength(10, 'form.errors.passwordShort'), z.maxLength(200, 'form.errors.tooLong'));
const required = (max: number) => text(max, z.minLength(1, 'form.errors.required'));
const anyPassword = z.string().check(z.minLength(1, 'form.errors.required'), z.maxLength(200, 'form.errors.tooLong'));

const token = z.string().check(z.trim(), z.regex(/^[A-Za-z0-9_-]{20,200}$/, 'form.errors.token'));
/** `unlock`: the token of an unlock link (the login page's `?unlock=`), carried by the form it opened. */
export const loginForm = z.object({ email, password: anyPassword, unlock: z.optional(token) });
export const registerForm = z.object({ name: required(100), email, password });
export const emailForm = z.object({ email });
export const tokenForm = z.object({ token });
export const passwordResetForm = z.object({ token, password });
export const profileForm = z.object({
  name: required(100),
  phone: text(40, z.regex(/^[+\d\s()/-]*$/, 'form.errors.phone')),
  streetAddress: text(120),
  postalCode: text(12),
  town: text(80),
});
/** Deleting an account asks for the password again: a session left open on a shared computer is not enough. */
export const accountDeleteForm = z.object({ password: anyPassword });
export const passwordChangeForm = z.object({
  currentPassword: anyPassword,
  newPassword: password,
});
