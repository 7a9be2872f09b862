import { describe, expect, it } from 'vitest';
import {
  addMonths,
  amcVisitDates,
  covers,
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
