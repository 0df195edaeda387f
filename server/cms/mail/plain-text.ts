/** Paragraphs joined by a blank line, as a plain-text mail body; mail clients wrap long lines themselves. */
export function lines(...paragraphs: string[]): string {
  return `${paragraphs.join('\n\n')}\n`;
}

type Row = { label: string; value: string };

/** A value this long or with line breaks stands below its label, where it can wrap without the label. */
const BLOCK_AFTER = 60;

/** `Label: value` lines; long or multi-line values as a block below their label, set off by blank lines. */
export function fieldList(rows: readonly Row[]): string {
  const parts: string[] = [];
  let block = false;
  for (const { label, value } of rows) {
    const isBlock = value.includes('\n') || value.length > BLOCK_AFTER;
    if (parts.length > 0 && (isBlock || block)) parts.push('');
    parts.push(isBlock ? `${label}:\n${value}` : `${label}: ${value}`);
    block = isBlock;
  }
  return parts.join('\n');
}

/** Titled field lists, the title underlined; a section with no rows is left out. */
export function sectionList(sections: readonly { title: string; rows: readonly Row[] }[]): string {
  return sections
    .filter((section) => section.rows.length > 0)
    .map((section) => `${section.title}\n${'-'.repeat(section.title.length)}\n${fieldList(section.rows)}`)
    .join('\n\n');
}
