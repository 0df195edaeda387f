import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { reportFromLogLine } from '../server/site/rum/log-line';
import { createRumSummary, type RumP75Row } from '../server/site/rum/summary';

/**
 * `npm run rum:p75 < site.log`: the 75th percentile of each web vital per screen and locale, from the
 * site's JSON log lines (any number of replicas and days; other lines are skipped).
 */
export function formatRows(rows: RumP75Row[]): string {
  const table = [['route', 'locale', 'metric', 'count', 'p75'], ...rows.map((r) => [r.route, r.locale, r.metric, String(r.count), String(r.p75)])];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  return table
    .map((row) =>
      row
        .map((cell, i) => (i >= 3 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

async function main() {
  const summary = createRumSummary();
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    const report = reportFromLogLine(line);
    if (report) summary.record(report);
  }
  const rows = summary.rows();
  process.stdout.write(rows.length ? `${formatRows(rows)}\n` : 'No rum report lines in the input.\n');
}

// Run as a command; imported (by its test), only the formatting.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
