import { createContext, useContext, type ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { Link } from '../../components/Link';
import { useTranslation } from 'react-i18next';
import type { FormResult } from '../../../shared/page-data';
import { pathTo } from '../../../shared/routes';
import { useLayout } from '../../layout/use-layout';

interface FormState {
  name: string;
  result: FormResult | undefined;
}

const FormContext = createContext<FormState>({ name: '', result: undefined });

/**
 * A form posted to its own page. Without JavaScript the browser posts the document and the server
 * answers with the page again (errors and values) or a redirect; with it, the router posts the same
 * fields and shows the same answer.
 */
export function AccountForm({
  name,
  result,
  submitLabel,
  children,
  hideWhenDone = false,
  intent,
  reloadDocument = false,
}: {
  name: string;
  result: FormResult | undefined;
  submitLabel: string;
  children?: ReactNode;
  hideWhenDone?: boolean;
  intent?: string;
  /** Posted by the browser itself, the answer a new document: nothing of the page before stays in memory. */
  reloadDocument?: boolean;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const own = result?.form === name ? result : undefined;
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === (intent ?? null);
  const done = own?.done ? (
    <p className="form-message form-message--done" role="status">
      {t(own.done)}
    </p>
  ) : null;
  if (done && hideWhenDone) return done;
  return (
    <FormContext.Provider value={{ name, result: own }}>
      <Form method="post" className="account-form" noValidate aria-labelledby={undefined} reloadDocument={reloadDocument}>
        {done}
        {own?.errors?.form ? (
          <p className="form-message form-message--error" role="alert">
            {t(own.errors.form)}
          </p>
        ) : null}
        {intent ? <input type="hidden" name="intent" value={intent} /> : null}
        {children}
        <button type="submit" className="button" disabled={busy}>
          {submitLabel}
        </button>
      </Form>
    </FormContext.Provider>
  );
}

/** A labelled input that shows its error and keeps what the visitor typed after a failed post. */
export function Field({
  name,
  label,
  type = 'text',
  autoComplete,
  required = false,
  defaultValue = '',
  hint,
}: {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  required?: boolean;
  defaultValue?: string;
  hint?: string;
}) {
  const { t } = useTranslation();
  const { name: form, result } = useContext(FormContext);
  const id = `${form}-${name}`;
  const error = result?.errors?.[name];
  const value = result?.values?.[name] ?? defaultValue;
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required={required}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        defaultValue={type === 'password' ? undefined : value}
        key={type === 'password' ? undefined : value}
      />
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

/** After a step that ends signed out (a confirmed address, a new password): the way to the login. */
export function LoginButton() {
  const { t } = useTranslation();
  const { locale } = useLayout();
  return (
    <p>
      <Link className="button" to={pathTo('login', locale)}>
        {t('account.login.title')}
      </Link>
    </p>
  );
}
