import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageParams } from './messages';

/**
 * The inputs of the public forms. Each renders the same markup on the server and in the browser: a
 * plain HTML control with its label, hint and error, so the form works before (and without)
 * JavaScript; react-hook-form attaches through the `control` props (name, ref, handlers) when the
 * page runs. `data-field` names the control that takes focus when the field is wrong.
 */

/** The registration of a field (react-hook-form's `register`, or a plain name). */
export type ControlProps = Pick<InputHTMLAttributes<HTMLInputElement>, 'name' | 'onChange' | 'onBlur'> & {
  ref?: React.Ref<HTMLInputElement>;
};

type TextAreaControl = Pick<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'onChange' | 'onBlur'> & {
  ref?: React.Ref<HTMLTextAreaElement>;
};

export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

/** A field's error, written out with the numbers it names; the prefix tells screen reader users what it is. */
export function FieldError({ id, message }: { id: string; message: string }) {
  const { t } = useTranslation();
  const messageParams = useMessageParams();
  return (
    <p className="field__error" id={id}>
      <span className="visually-hidden">{t('form.errorPrefix')} </span>
      {t(message, messageParams(message))}
    </p>
  );
}

function RequiredMark() {
  return (
    <span className="field__required" aria-hidden="true">
      {' *'}
    </span>
  );
}

interface FieldBase {
  /** Prefix of the element ids (the form's name), so two forms on a page never share one. */
  form: string;
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  /** A message key. */
  error?: string;
}

function ids(form: string, name: string) {
  const id = `${form}-${name}`;
  return { id, hint: `${id}-hint`, error: `${id}-error`, unit: `${id}-unit` };
}

/**
 * A text input, or a textarea with `rows`. With `unit` the unit follows the input as a visible
 * suffix, and is part of the input's description, so it is heard as well as seen.
 */
export function TextField({
  form,
  name,
  label,
  hint,
  required = false,
  error,
  control,
  defaultValue,
  type = 'text',
  autoComplete,
  inputMode,
  maxLength,
  unit,
  rows,
  hintAfter = false,
}: FieldBase & {
  control: ControlProps;
  defaultValue: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'numeric' | 'email' | 'tel' | 'text';
  maxLength?: number;
  unit?: string;
  rows?: number;
  /** The hint under the input (fields side by side keep their inputs level whatever their hints). */
  hintAfter?: boolean;
}) {
  const id = ids(form, name);
  const common = {
    id: id.id,
    'data-field': name,
    required,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(unit && id.unit, hint !== undefined && id.hint, error && id.error),
    maxLength,
    defaultValue,
  } as const;
  return (
    <div className={`field${unit ? ' field--unit' : ''}${rows ? ' field--wide' : ''}`}>
      <label htmlFor={id.id}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {hint !== undefined && !hintAfter ? (
        <p className="field__hint" id={id.hint}>
          {hint}
        </p>
      ) : null}
      {rows ? (
        <textarea {...common} {...(control as TextAreaControl)} rows={rows} autoComplete={autoComplete} />
      ) : unit ? (
        <div className="unit-input">
          <input {...common} {...control} type={type} autoComplete={autoComplete} inputMode={inputMode} />
          <span className="unit-input__unit" id={id.unit}>
            {unit}
          </span>
        </div>
      ) : (
        <input {...common} {...control} type={type} autoComplete={autoComplete} inputMode={inputMode} />
      )}
      {hint !== undefined && hintAfter ? (
        <p className="field__hint" id={id.hint}>
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={id.error} message={error} /> : null}
    </div>
  );
}

/** A single checkbox; its label may hold links (the terms). */
export function CheckboxField({
  form,
  name,
  label,
  hint,
  required = false,
  error,
  control,
  defaultChecked,
}: FieldBase & { control: ControlProps; defaultChecked: boolean }) {
  const id = ids(form, name);
  return (
    <div className="field check-field">
      <input
        id={id.id}
        type="checkbox"
        data-field={name}
        required={required}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint !== undefined && id.hint, error && id.error)}
        defaultChecked={defaultChecked}
        {...control}
      />
      <label htmlFor={id.id}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {hint !== undefined ? (
        <p className="field__hint" id={id.hint}>
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={id.error} message={error} /> : null}
    </div>
  );
}

export interface ChoiceOption {
  value: string;
  label: string;
  hint?: string;
}

/**
 * One choice out of a few, as radio buttons in a fieldset (all options in view, one click each).
 * `cards` lays them out as larger tiles with a line of text each (the offer type).
 */
export function ChoiceField({
  form,
  name,
  label,
  hint,
  required = false,
  error,
  control,
  value,
  options,
  variant = 'pills',
  legendAs,
}: FieldBase & {
  control: ControlProps;
  value: string;
  options: readonly ChoiceOption[];
  variant?: 'pills' | 'cards';
  /** Wraps the legend's text (a step's heading, when the choice is the whole step). */
  legendAs?: (content: ReactNode) => ReactNode;
}) {
  const id = ids(form, name);
  const legend = (
    <>
      {label}
      {required ? <RequiredMark /> : null}
    </>
  );
  return (
    <fieldset id={id.id} className={`field choice choice--${variant}`} aria-describedby={describedBy(hint !== undefined && id.hint, error && id.error)}>
      <legend>{legendAs ? legendAs(legend) : legend}</legend>
      {hint !== undefined ? (
        <p className="field__hint" id={id.hint}>
          {hint}
        </p>
      ) : null}
      <div className="choice__options">
        {options.map((option, index) => (
          <label className="choice__option" key={option.value}>
            <input
              type="radio"
              value={option.value}
              // The chosen option takes focus when the choice is wrong, else the first.
              data-field={(value ? option.value === value : index === 0) ? name : undefined}
              defaultChecked={option.value === value}
              {...control}
            />
            <span className="choice__text">
              <span className="choice__label">{option.label}</span>
              {option.hint ? <span className="choice__hint">{option.hint}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {error ? <FieldError id={id.error} message={error} /> : null}
    </fieldset>
  );
}
