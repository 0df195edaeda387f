import { createContext, useContext, useRef, type FormEvent, type ReactNode } from 'react';
import { useForm, type UseFormRegister } from 'react-hook-form';
import { Form, useActionData, useLocation, useNavigation, useSubmit } from 'react-router';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import type { AdminActionData } from '../../shared/admin/screens';
import { schemaResolver } from '../features/forms/resolvers';
import type { FormValues } from '../features/forms/values';

interface FormState {
  name: string;
  /** The server's answer to this form's last post (errors, values). */
  result: AdminActionData | undefined;
  /** What react-hook-form found wrong before posting (message keys). */
  checked: Record<string, string | undefined>;
  register?: UseFormRegister<FormValues>;
}

const FormContext = createContext<FormState>({ name: '', result: undefined, checked: {} });

type AdminFormProps = {
  name: string;
  schema?: z.ZodMiniType;
  intent?: string;
  action?: string;
  submitLabel: string;
  children?: ReactNode;
  className?: string;
  danger?: boolean;
  /** Posted by the browser itself, the answer a new document (a new language for the screens). */
  reloadDocument?: boolean;
  /** A form with a file (the media screen's upload). */
  encType?: 'multipart/form-data';
};

/**
 * A staff form, posted to its screen (or `action`). Without JavaScript the browser posts it and the
 * server answers with the screen again or a redirect; with it, react-hook-form checks the fields with
 * the schema the content API checks them with (shared/forms/staff.ts) and the router posts them. A
 * screen with several forms tells them apart by `name` (the server's answer names its form).
 */
export function AdminForm(props: AdminFormProps) {
  // A post that went well redirects to a new location: the form starts afresh there, its
  // react-hook-form state too (a sent reply is not offered again). A refused post is a new location
  // as well; a form with a file stays as it is then, because a browser never fills a file input again:
  // the photo chosen (before the post or while it was refused) is kept for the next try.
  const { key } = useLocation();
  const answer = useActionData() as AdminActionData | undefined;
  const kept = useRef(key);
  const refused = props.encType === 'multipart/form-data' && answer?.errors !== undefined && (answer.form ?? props.name) === props.name;
  if (!refused) kept.current = key;
  return <FormBody key={kept.current} {...props} />;
}

function FormBody({ name, schema, intent, action, submitLabel, children, className, danger = false, reloadDocument = false, encType }: AdminFormProps) {
  const { t } = useTranslation();
  const answer = useActionData() as AdminActionData | undefined;
  const result = answer && (answer.form ?? name) === name ? answer : undefined;
  const navigation = useNavigation();
  const submit = useSubmit();

  const form = useForm<FormValues>({ resolver: schema ? schemaResolver(schema) : undefined, mode: 'onTouched' });
  const busy = navigation.state === 'submitting' && (navigation.formData?.get('intent') ?? null) === (intent ?? null);
  const checked = Object.fromEntries(Object.entries(form.formState.errors).map(([field, error]) => [field, error?.message as string | undefined]));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!schema || reloadDocument) return;
    event.preventDefault();
    const element = event.currentTarget;
    void form.handleSubmit(() => submit(element, { method: 'post', action }))(event);
  }

  return (
    <FormContext.Provider value={{ name, result, checked, register: schema ? form.register : undefined }}>
      <Form
        method="post"
        action={action}
        className={className ?? 'admin-form'}
        noValidate
        onSubmit={onSubmit}
        aria-busy={busy || undefined}
        reloadDocument={reloadDocument}
        encType={encType}
      >
        {result?.errors?.form ? (
          <p className="admin-message admin-message--error" role="alert">
            {t(result.errors.form, { seconds: result.retryAfter })}
          </p>
        ) : null}
        {intent ? <input type="hidden" name="intent" value={intent} /> : null}
        {children}
        <button type="submit" className={danger ? 'admin-button admin-button--danger' : 'admin-button'} disabled={busy}>
          {submitLabel}
        </button>
      </Form>
    </FormContext.Provider>
  );
}

type FieldProps = {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
  defaultValue?: string;
};

/** A field's id, its error (react-hook-form's first, else the server's) and what to show in it again. */
function useField(name: string, defaultValue: string) {
  const { name: form, result, checked, register } = useContext(FormContext);
  const id = `${form}-${name}`;
  const error = checked[name] ?? result?.errors?.[name];
  return { id, error, value: result?.values?.[name] ?? defaultValue, registered: register?.(name) };
}

function Described({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  const { t } = useTranslation();
  return (
    <>
      {hint ? (
        <p className="admin-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="admin-field__error" id={`${id}-error`}>
          {t(error)}
        </p>
      ) : null}
    </>
  );
}

const describedBy = (id: string, hint?: string, error?: string) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

function Label({ id, label, required }: { id: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={id}>
      {label}
      {required ? <span aria-hidden="true"> *</span> : null}
    </label>
  );
}

export function TextField({
  name,
  label,
  type = 'text',
  autoComplete,
  required = false,
  hint,
  defaultValue = '',
  inputMode,
}: FieldProps & { type?: 'text' | 'email' | 'password' | 'datetime-local' | 'search' | 'date'; autoComplete?: string; inputMode?: 'numeric' | 'text' }) {
  const { id, error, value, registered } = useField(name, defaultValue);
  const keep = type !== 'password';
  return (
    <div className="admin-field">
      <Label id={id} label={label} required={required} />
      <input
        {...registered}
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        defaultValue={keep ? value : undefined}
        key={keep ? value : undefined}
      />
      <Described id={id} hint={hint} error={error} />
    </div>
  );
}

export function TextArea({ name, label, required = false, hint, defaultValue = '', rows = 4 }: FieldProps & { rows?: number }) {
  const { id, error, value, registered } = useField(name, defaultValue);
  return (
    <div className="admin-field">
      <Label id={id} label={label} required={required} />
      <textarea
        {...registered}
        id={id}
        name={name}
        rows={rows}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        defaultValue={value}
        key={value}
      />
      <Described id={id} hint={hint} error={error} />
    </div>
  );
}

export function Select({ name, label, options, required = false, hint, defaultValue = '' }: FieldProps & { options: { value: string; label: string }[] }) {
  const { id, error, value, registered } = useField(name, defaultValue);
  return (
    <div className="admin-field">
      <Label id={id} label={label} required={required} />
      <select
        {...registered}
        id={id}
        name={name}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        defaultValue={value}
        key={value}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Described id={id} hint={hint} error={error} />
    </div>
  );
}

/** A file to upload (`accept`: the types the picker offers; the server decodes whatever comes). */
export function FileField({ name, label, required = false, hint, accept }: Omit<FieldProps, 'defaultValue'> & { accept: string }) {
  const { id, error } = useField(name, '');
  return (
    <div className="admin-field">
      <Label id={id} label={label} required={required} />
      <input
        id={id}
        name={name}
        type="file"
        accept={accept}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
      <Described id={id} hint={hint} error={error} />
    </div>
  );
}

export function Checkbox({ name, label, defaultChecked = false }: { name: string; label: string; defaultChecked?: boolean }) {
  const { id, registered } = useField(name, '');
  return (
    <div className="admin-field admin-field--checkbox">
      <input {...registered} id={id} name={name} type="checkbox" defaultChecked={defaultChecked} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** The answer of a post that went well, said where the form is (`?done=` after the redirect). */
export function Done({ message }: { message: string | null }) {
  return message ? (
    <p className="admin-message admin-message--done" role="status">
      {message}
    </p>
  ) : null;
}
