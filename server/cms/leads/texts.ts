import type { Db } from '../db';

/** What the company wrote on a lead, as its sender may see it: replies (their account), replies and notes (their copy of their data). */
export function leadTexts(db: Db) {
  const texts = db.prepare<[string, 'reply' | 'note'], { at: string; data: string }>(
    'SELECT at, data FROM lead_events WHERE submission_id = ? AND kind = ? ORDER BY at, id',
  );
  return (id: string, kind: 'reply' | 'note') => texts.all(id, kind).map((row) => ({ at: row.at, text: (JSON.parse(row.data) as { text: string }).text }));
}
