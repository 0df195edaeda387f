import { siteSettingsSchema } from '../../shared/api/contract';
import type { FieldSpec, FieldSpecs, Options } from '../../shared/forms/field-spec';
import { INQUIRY_FIELDS } from '../../shared/forms/inquiry';
import { SERVICE_FIELDS } from '../../shared/forms/service';
import type { Db } from './db';
import { daysBefore, monthsBefore } from '../lib/calendar';

/**
 * The retention rules as pure functions over a clock (docs/decisions/0024-data-rights.md): when a
 * period has run out, and what of a submission is left once it is anonymised. Housekeeping applies
 * them; the privacy policy states the same periods from the same settings.
 */

export type RetentionPeriods = {
  /** After the last activity of the sender: then erased, or anonymised for an account's submissions. */
  submissionMonths: number;
  /** After registration (or signup) without confirming the address: then erased. */
  unconfirmedDays: number;
};

const periodsSchema = siteSettingsSchema.pick({ retention_submission_months: true, retention_unconfirmed_days: true });

/**
 * The periods from the stored settings, read at each run: a content import may change them. A value
 * the settings schema would refuse cannot be stored (the import validates it), so the defaults stand
 * only for settings that lack the keys.
 */
export function retentionPeriods(db: Db): RetentionPeriods {
  const rows = db
    .prepare<[], { key: string; value: string }>("SELECT key, value FROM settings WHERE key IN ('retention_submission_months', 'retention_unconfirmed_days')")
    .all();
  const parsed = periodsSchema.parse(Object.fromEntries(rows.map((row) => [row.key, JSON.parse(row.value) as unknown])));
  return { submissionMonths: parsed.retention_submission_months, unconfirmedDays: parsed.retention_unconfirmed_days };
}

/** What ran out by `now`: anything whose period started at or before a cutoff. */
export function retentionCutoffs(now: Date, periods: RetentionPeriods): { submissions: string; unconfirmed: string } {
  return {
    submissions: monthsBefore(now, periods.submissionMonths).toISOString(),
    unconfirmed: daysBefore(now, periods.unconfirmedDays).toISOString(),
  };
}

const FIELDS: Record<'inquiry' | 'service', FieldSpecs> = { inquiry: INQUIRY_FIELDS, service: SERVICE_FIELDS };

function optionValues(options: Options): Set<string> {
  return new Set(Array.isArray(options) ? options : Object.values((options as { byProduct: Record<string, readonly string[]> }).byProduct).flat());
}

/** A field's value as it may stay in an anonymised submission, or undefined when it must go. */
function keptValue(spec: FieldSpec, value: unknown): unknown {
  switch (spec.kind) {
    // Closed sets and numbers: what was asked for, which names nobody.
    case 'choice':
    case 'number':
    case 'checkbox':
      return value;
    case 'tags': {
      // A visitor may add entries of their own: only the listed options stay.
      const known = optionValues(spec.options);
      const kept = Array.isArray(value) ? value.filter((entry) => typeof entry === 'string' && known.has(entry)) : [];
      return kept.length > 0 ? kept : undefined;
    }
    case 'text':
      // Names, addresses, phone numbers, messages: any free text may say who someone is.
      return undefined;
  }
}

/**
 * A submission's data as anonymisation leaves it: only the fields its form declares with a closed set
 * of values or a number. Free text and anything the field spec does not know (a field a later build
 * added, photos) go.
 */
export function anonymisedData(kind: 'inquiry' | 'service', data: Record<string, unknown>): Record<string, unknown> {
  const fields = FIELDS[kind];
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(data)) {
    const spec = fields[name];
    if (!spec || value === undefined || value === null) continue;
    const left = keptValue(spec, value);
    if (left !== undefined) kept[name] = left;
  }
  return kept;
}
