import { describe, expect, it } from 'vitest';
import { keyOfMessage } from '../i18n/messages.ts';
import { REPORT_MESSAGES, reportQuery } from './reports.ts';

const issues = (q: Record<string, string>) => {
  const r = reportQuery.safeParse(q);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('the reports query (issue 38, ADR 050)', () => {
  it('takes IST days, groupBy month by default, and a range of up to 400 days both ends counted', () => {
    expect(reportQuery.parse({ from: '2026-01-01', to: '2026-01-01' })).toEqual({
      from: '2026-01-01',
      to: '2026-01-01',
      groupBy: 'month',
    });
    expect(issues({ from: '2025-01-01', to: '2026-02-04' })).toEqual([]); // 400 days
    expect(issues({ from: '2025-01-01', to: '2026-02-05' })).toEqual([REPORT_MESSAGES.reportRangeTooLong]);
  });

  it('refuses a start after the end, an unknown groupBy, a bad date, region or format', () => {
    expect(issues({ from: '2026-02-02', to: '2026-02-01' })).toEqual([REPORT_MESSAGES.reportFromAfterTo]);
    expect(issues({ from: '2026-02-01', to: '2026-02-02', groupBy: 'year' })).toEqual([REPORT_MESSAGES.reportGroupBy]);
    expect(issues({ from: '2026-02-30', to: '2026-03-02' })).toEqual(['Enter a valid date (YYYY-MM-DD)']);
    expect(issues({ from: '2026-02-01', to: '2026-02-02', regionId: 'north' })).toEqual([
      REPORT_MESSAGES.reportRegionInvalid,
    ]);
    expect(issues({ from: '2026-02-01', to: '2026-02-02', format: 'pdf' })).toEqual(['format must be csv or xlsx']);
  });

  it('each text is a reports.error entry of the server catalogue (shown in the reader’s language)', () => {
    for (const [name, text] of Object.entries(REPORT_MESSAGES)) {
      expect(keyOfMessage(text)?.key, text).toBe(`reports.error.${name}`);
    }
  });
});
