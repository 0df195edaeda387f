import type { LeadSummary } from '../../../shared/api/staff';

/**
 * Leads as CSV for a spreadsheet. Semicolons, CRLF and a byte-order mark: what Excel with Slovenian,
 * German or Austrian regional settings opens as columns with č, š and ž intact (LibreOffice and Google
 * Sheets read it too). A cell a spreadsheet would take for a formula (= + - @, a tab or a return first)
 * is written with a leading apostrophe: a visitor's message must never run as one (CSV injection, OWASP).
 */

export const CSV_COLUMNS = [
  'id',
  'createdAt',
  'kind',
  'status',
  'offerType',
  'name',
  'email',
  'phone',
  'streetAddress',
  'postalCode',
  'town',
  'assignee',
  'visitAt',
  'locale',
  'message',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

const SEPARATOR = ';';

function cell(value: unknown): string {
  let text = value === null || value === undefined ? '' : Array.isArray(value) ? value.join(', ') : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One lead's cells in CSV_COLUMNS' order; `label` turns a status, kind or offer type into words. */
export function csvRow(summary: LeadSummary, data: Record<string, unknown>, label: (column: 'kind' | 'status' | 'offerType', value: string) => string): string {
  const values: Record<CsvColumn, unknown> = {
    id: summary.id,
    createdAt: summary.createdAt,
    kind: label('kind', summary.kind),
    status: label('status', summary.status),
    offerType: summary.offerType && label('offerType', summary.offerType),
    name: summary.name,
    email: summary.email,
    phone: summary.phone,
    streetAddress: data.streetAddress,
    postalCode: data.postalCode,
    town: summary.town,
    assignee: summary.assignee?.name,
    visitAt: summary.visitAt,
    locale: summary.locale,
    message: data.message ?? data.content,
  };
  return CSV_COLUMNS.map((column) => cell(values[column])).join(SEPARATOR);
}

export function csvHeader(heading: (column: CsvColumn) => string): string {
  return `\uFEFF${CSV_COLUMNS.map((column) => cell(heading(column))).join(SEPARATOR)}`;
}

export const CSV_LINE_END = '\r\n';
