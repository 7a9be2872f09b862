/**
 * Exports (issue 34 item 1, ADR 037): every list answers `?format=csv` or `?format=xlsx` with the
 * same filters as its JSON, as a download of every matching row (not one page, not capped). The
 * parameter is an addition to each list's query: without it the list answers JSON as it always did.
 */
import { z } from 'zod';

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Its English is the server catalogue's `error.formatInvalid`. */
export const FORMAT_INVALID = 'format must be csv or xlsx';

export const exportQuery = z.object({
  format: z.enum(EXPORT_FORMATS, { error: FORMAT_INVALID }).optional(),
});

/** A list's query with the optional `format` (the list's own fields unchanged). */
export function withExport<S extends z.core.$ZodLooseShape, C extends z.core.$ZodObjectConfig>(
  query: z.ZodObject<S, C>,
) {
  return query.extend(exportQuery.shape);
}

/** The MIME type of each format. */
export const EXPORT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
