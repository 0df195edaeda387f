import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { fieldLabelKey, MAX_TAG_LENGTH, optionLabelKey, upperBound, type ShownField } from '../../../shared/forms/field-spec';
import type { Locale } from '../../../shared/locales';
import { useTranslation } from 'react-i18next';
import { CheckboxField, ChoiceField, TextField } from './fields';
import { LegalText } from './LegalLinks';
import { MultiSelect } from './MultiSelect';
import type { PublicForm } from './use-public-form';
import { textOf, type FormValues } from './values';

/**
 * The inputs of a form's fields as its spec declares them (shared/forms/field-spec.ts): the same
 * markup on the server (the form without JavaScript) and in the browser. Fields that share a `row`
 * stand side by side, their hints under the inputs so the inputs stay level.
 */
export interface SpecFieldsProps {
  /** Prefix of the element ids. */
  form: string;
  /** Where the form's labels are in the locale files (`{ns}.fields`, `{ns}.options`, `{ns}.optionHints`). */
  ns: 'inquiry' | 'service';
  fields: readonly ShownField[];
  values: FormValues;
  publicForm: PublicForm;
  locale: Locale;
}

export function SpecFields(props: SpecFieldsProps) {
  const groups: ShownField[][] = [];
  for (const field of props.fields) {
    const last = groups.at(-1);
    if (last && field.spec.row && last[0]!.spec.row === field.spec.row) last.push(field);
    else groups.push([field]);
  }
  return (
    <>
      {groups.map((group) =>
        group[0]!.spec.row ? (
          <div key={group[0]!.name} className={`form-row form-row--${group[0]!.spec.row}`}>
            {group.map((field) => (
              <SpecField key={field.name} {...props} field={field} />
            ))}
          </div>
        ) : (
          <SpecField key={group[0]!.name} {...props} field={group[0]!} />
        ),
      )}
    </>
  );
}

function SpecField({ form, ns, field, values, publicForm, locale }: SpecFieldsProps & { field: ShownField }) {
  const { t } = useTranslation();
  const { name, spec, options, required } = field;
  const offerType = textOf(values, 'offerType');
  const error = publicForm.form.formState.errors[name]?.message as string | undefined;
  const hintKey = typeof spec.hint === 'string' ? spec.hint : spec.hint?.[offerType];
  const common = { form, name, required, error, label: t(spec.label ?? fieldLabelKey(ns, name, spec, offerType)) as ReactNode };
  const control = publicForm.field(name);
  const optionLabel = (value: string) => t(optionLabelKey(ns, spec, value));
  switch (spec.kind) {
    case 'choice':
      return (
        <ChoiceField
          {...common}
          hint={hintKey ? t(hintKey) : undefined}
          control={control}
          value={textOf(values, name)}
          options={options.map((value) => ({ value, label: optionLabel(value) }))}
        />
      );
    case 'tags':
      return (
        <Controller
          name={name}
          control={publicForm.form.control}
          render={({ field: input }) => (
            <MultiSelect
              {...common}
              hint={hintKey ? t(hintKey) : undefined}
              options={options.map((value) => ({ value, label: optionLabel(value), hint: t(`${ns}.optionHints.${value}`) }))}
              value={Array.isArray(input.value) ? input.value : []}
              onChange={(next) => {
                input.onChange(next);
                publicForm.changed(name);
              }}
              onBlur={input.onBlur}
              inputRef={input.ref}
              maxLength={MAX_TAG_LENGTH}
            />
          )}
        />
      );
    case 'number': {
      const max = upperBound(spec);
      return (
        <TextField
          {...common}
          hint={hintKey ? t(hintKey, { min: spec.min, max }) : undefined}
          hintAfter={spec.row !== undefined}
          inputMode="numeric"
          unit={spec.unit ? t(`form.units.${spec.unit}`) : undefined}
          maxLength={String(max).length}
          control={control}
          defaultValue={textOf(values, name)}
        />
      );
    }
    case 'checkbox':
      return (
        <CheckboxField
          {...common}
          // A label with links (the terms) is a sentence with its links marked in the translation.
          label={spec.label ? <LegalText i18nKey={spec.label} locale={locale} /> : common.label}
          control={control}
          defaultChecked={values[name] === true}
        />
      );
    case 'text':
      return (
        <TextField
          {...common}
          hint={hintKey ? t(hintKey) : undefined}
          hintAfter={spec.row !== undefined}
          type={spec.format === 'email' ? 'email' : spec.format === 'phone' ? 'tel' : 'text'}
          autoComplete={spec.autoComplete}
          maxLength={spec.max}
          rows={spec.rows}
          control={control}
          defaultValue={textOf(values, name)}
        />
      );
  }
}
