import { rumReportSchema, type RumReport } from '../../../shared/rum';

/**
 * The log line of a measurement report: written by the endpoint, read back by `npm run rum:p75`.
 * It holds the validated report and nothing else (no address, no URL, no user agent).
 */
export const RUM_LOG_MESSAGE = 'rum report';

export function rumLogFields(report: RumReport): { rum: RumReport } {
  return { rum: report };
}

/** The report of a JSON log line written by the endpoint; null for any other line. */
export function reportFromLogLine(line: string): RumReport | null {
  if (!line.includes(RUM_LOG_MESSAGE)) return null;
  let entry: unknown;
  try {
    entry = JSON.parse(line);
  } catch {
    return null;
  }
  if ((entry as { msg?: unknown } | null)?.msg !== RUM_LOG_MESSAGE) return null;
  const parsed = rumReportSchema.safeParse((entry as { rum?: unknown }).rum);
  return parsed.success ? parsed.data : null;
}
