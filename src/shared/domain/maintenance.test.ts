import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  amcVisitDates,
  CONTRACT_EARLIEST_DATE,
  CONTRACT_MAX_YEARS,
  contractPeriodProblem,
  covers,
  daysBetween,
  dueState,
  nextAmcVisit,
  nextDueOn,
  overlaps,
  renewalReminderDue,
  todayIn,
  warrantyEndsOn,
} from './maintenance.ts';

describe('schedule arithmetic', () => {
  it('adds calendar months, clamping month ends', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-03-31', 6)).toBe('2026-09-30');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2026-05-15', 12)).toBe('2027-05-15');
    expect(addMonths('2026-11-30', 24)).toBe('2028-11-30');
  });

  it('leap years: 29 Feb exists in 2028, not in 2027 or 2100; 2000 was leap', () => {
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2027-08-29', 6)).toBe('2028-02-29');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(addMonths('2028-02-29', 48)).toBe('2032-02-29');
    expect(addMonths('2099-08-31', 6)).toBe('2100-02-28');
    expect(addMonths('1999-08-31', 6)).toBe('2000-02-29');
  });

  it('a part changed early restarts its interval from that day', () => {
    const installed = '2026-01-10';
    const due = nextDueOn(installed, 6);
    expect(due).toBe('2026-07-10');
    // Changed two months early, on a visit for another part: due six months after that visit.
    expect(nextDueOn('2026-05-02', 6)).toBe('2026-11-02');
  });

  it('states: OVERDUE before today, DUE_SOON within 30 days, OK after', () => {
    const today = '2026-11-25';
    expect(dueState('2026-11-24', today)).toBe('OVERDUE');
    expect(dueState('2026-11-25', today)).toBe('DUE_SOON');
    expect(dueState('2026-12-25', today)).toBe('DUE_SOON');
    expect(dueState('2026-12-26', today)).toBe('OK');
    expect(dueState(null, today)).toBe('OK');
  });

  it('today is the IST calendar day: 20:00 UTC is already tomorrow in India', () => {
    expect(todayIn('Asia/Kolkata', new Date('2026-11-25T20:00:00Z'))).toBe('2026-11-26');
    expect(todayIn('Asia/Kolkata', new Date('2026-11-25T18:29:00Z'))).toBe('2026-11-25');
    expect(todayIn('UTC', new Date('2026-11-25T20:00:00Z'))).toBe('2026-11-25');
  });

  it('warranty ends the day before its months are up', () => {
    expect(warrantyEndsOn('2026-03-31', 12)).toBe('2027-03-30');
    expect(warrantyEndsOn('2028-02-29', 12)).toBe('2029-02-27');
  });
});

describe('AMC visits and renewal reminders', () => {
  it('spreads the visits evenly, each in the middle of its slot, all within the period', () => {
    const visits = amcVisitDates('2026-01-01', '2026-12-31', 4);
    expect(visits).toEqual(['2026-02-15', '2026-05-17', '2026-08-17', '2026-11-16']);
    expect(amcVisitDates('2026-01-01', '2026-06-30', 4)).toHaveLength(2);
    expect(nextAmcVisit('2026-01-01', '2026-12-31', 4, 4)).toBeNull();
    expect(nextAmcVisit('2026-01-01', '2026-12-31', 4, 1)).toBe('2026-05-17');
  });

  it('the reminder due is the nearest threshold reached: 30, 7, then the day before', () => {
    expect(renewalReminderDue('2026-12-31', '2026-11-25')).toBeNull();
    expect(renewalReminderDue('2026-12-25', '2026-11-25')).toBe(30);
    expect(renewalReminderDue('2026-12-02', '2026-11-25')).toBe(7);
    expect(renewalReminderDue('2026-11-26', '2026-11-25')).toBe(1);
    expect(renewalReminderDue('2026-11-24', '2026-11-25')).toBeNull();
  });

  it('cover and overlap include both ends', () => {
    const c = { startsOn: '2026-01-01', endsOn: '2026-12-31', status: 'ACTIVE' as const };
    expect(covers(c, '2026-12-31')).toBe(true);
    expect(covers(c, '2027-01-01')).toBe(false);
    expect(covers({ ...c, status: 'CANCELLED' }, '2026-06-01')).toBe(false);
    expect(overlaps(c, { startsOn: '2026-12-31', endsOn: '2027-12-30' })).toBe(true);
    expect(overlaps(c, { startsOn: '2027-01-01', endsOn: '2027-12-31' })).toBe(false);
  });
});

describe('years 0 to 99 (issue 31 item 6)', () => {
  // Date.UTC reads a year 0-99 as 1900-1999: the first visit of an AMC from 0001-01-01 came out
  // as 1901-01-16, and whole days across the year 100 were off by 1900 years.
  it('adds days in the first century as in any other', () => {
    expect(addDays('0001-01-01', 15)).toBe('0001-01-16');
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01');
    expect(addDays('0100-01-01', -1)).toBe('0099-12-31');
    expect(addDays('0000-03-01', -1)).toBe('0000-02-29');
    expect(daysBetween('0099-12-31', '0100-01-01')).toBe(1);
    expect(daysBetween('0001-01-01', '0002-01-01')).toBe(365);
  });

  it("an AMC's first visit stays in its own year", () => {
    expect(amcVisitDates('0001-01-01', '0001-12-31', 12)[0]).toBe('0001-01-16');
    expect(amcVisitDates('0050-01-01', '0050-12-31', 4)).toEqual([
      '0050-02-15',
      '0050-05-17',
      '0050-08-17',
      '0050-11-16',
    ]);
  });
});

describe("a contract's period (issue 31 item 6)", () => {
  it('is from 1990-01-01 on', () => {
    expect(CONTRACT_EARLIEST_DATE).toBe('1990-01-01');
    expect(contractPeriodProblem('1990-01-01', '1990-12-31')).toBeNull();
    expect(contractPeriodProblem('1989-12-31', '1990-12-30')).toBe('tooEarly');
    expect(contractPeriodProblem('0001-01-01', '9999-12-31')).toBe('tooEarly');
  });

  it('lasts at most 10 years: to the day before the tenth anniversary', () => {
    expect(CONTRACT_MAX_YEARS).toBe(10);
    expect(contractPeriodProblem('2026-01-01', '2035-12-31')).toBeNull();
    expect(contractPeriodProblem('2026-01-01', '2036-01-01')).toBe('tooLong');
    expect(contractPeriodProblem('2026-03-15', '2036-03-14')).toBeNull();
    expect(contractPeriodProblem('2026-03-15', '2036-03-15')).toBe('tooLong');
    // 29 Feb: the tenth anniversary is 28 Feb (addMonths clamps), so the last day is 27 Feb.
    expect(contractPeriodProblem('2028-02-29', '2038-02-27')).toBeNull();
    expect(contractPeriodProblem('2028-02-29', '2038-02-28')).toBe('tooLong');
    expect(contractPeriodProblem('2026-01-01', '9999-12-31')).toBe('tooLong');
    // Near the calendar's end the limit is past 9999 (a five-digit year): still compared as dates.
    expect(contractPeriodProblem('9995-01-01', '9999-12-31')).toBeNull();
  });

  it('ends after it starts; a malformed date is left to the date check', () => {
    expect(contractPeriodProblem('2026-01-01', '2026-01-01')).toBe('endsBeforeStart');
    expect(contractPeriodProblem('2026-01-02', '2026-01-01')).toBe('endsBeforeStart');
    expect(contractPeriodProblem('2026-02-30', '2026-03-01')).toBeNull();
    expect(contractPeriodProblem('not a date', '2026-03-01')).toBeNull();
  });

  it('a maximal AMC (10 years, 12 visits a year) has 120 visits, all inside it', () => {
    const visits = amcVisitDates('2026-01-01', '2035-12-31', 12);
    expect(visits).toHaveLength(120);
    expect(visits[0]).toBe('2026-01-16');
    expect((visits.at(-1) as string) < '2035-12-31').toBe(true);
  });
});
