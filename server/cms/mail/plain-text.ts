/** Paragraphs joined by a blank line, as a plain-text mail body; mail clients wrap long lines themselves. */
export function lines(...paragraphs: string[]): string {
  return `${paragraphs.join('\n\n')}\n`;
}
