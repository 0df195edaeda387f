import { useTranslation } from 'react-i18next';
import { fieldLabelKey, optionLabelKey, type FieldSpec, type FieldSpecs } from '../../shared/forms/field-spec';
import { INQUIRY_FIELDS } from '../../shared/forms/inquiry';
import { SERVICE_FIELDS } from '../../shared/forms/service';
import type { LeadKind } from '../../shared/api/staff';

const SPECS: Record<LeadKind, FieldSpecs> = { inquiry: INQUIRY_FIELDS, service: SERVICE_FIELDS };

/** Shown in the lead's head and contact block, not again in the list. */
const ELSEWHERE = new Set(['offerType', 'nameAndSurname', 'email', 'phone', 'streetAddress', 'postalCode', 'town']);

/**
 * Everything the visitor sent, in the form's order, named as the form named it (the site's own labels
 * in `forms`): options by their labels, ticks as yes or no, sizes with their unit.
 */
export function LeadFields({ kind, data }: { kind: LeadKind; data: Record<string, unknown> }) {
  const { t } = useTranslation();
  const specs = SPECS[kind];
  const valueOf = (spec: FieldSpec, value: unknown): string => {
    if (spec.kind === 'checkbox') return t(value === true ? 'lead.yes' : 'lead.no');
    if (spec.kind === 'choice' && typeof value === 'string') return t(optionLabelKey(kind, spec, value), { defaultValue: value });
    if (spec.kind === 'tags' && Array.isArray(value)) return value.map((v) => t(optionLabelKey(kind, spec, String(v)), { defaultValue: String(v) })).join(', ');
    if (spec.kind === 'number' && spec.unit) return `${String(value)} ${t(`form.units.${spec.unit}`)}`;
    return String(value);
  };
  const rows = Object.entries(specs).filter(([name]) => !ELSEWHERE.has(name) && data[name] !== undefined && data[name] !== null && data[name] !== '');
  if (rows.length === 0) return null;
  return (
    <dl className="admin-fields">
      {rows.map(([name, spec]) => (
        <div key={name}>
          <dt>{t(spec.kind === 'checkbox' && spec.mailLabel ? spec.mailLabel : fieldLabelKey(kind, name, spec, data.offerType))}</dt>
          <dd>{valueOf(spec, data[name])}</dd>
        </div>
      ))}
    </dl>
  );
}
