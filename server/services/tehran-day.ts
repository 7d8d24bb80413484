import { toJalaali } from 'jalaali-js';
import { tehranClock } from '@contract/rules/delivery-time';

/**
 * The Jalali day and minute of `at` in Tehran, whatever the server's own time zone (jalaali-js reads a Date
 * in the process's zone): order times and a profile's "not after today" are Iran's.
 */
export function tehranJalali(at: Date): { jy: number; jm: number; jd: number; minute: number } {
  const { date, minute } = tehranClock(at);
  const [year, month, day] = date.split('-').map(Number);
  return { ...toJalaali(year, month, day), minute };
}

/** Whether 'YYYY-MM-DD' names a day of the calendar (2025-02-30 does not; Date.parse would take it as March 2). */
export function isCalendarDay(day: string): boolean {
  const [year, month, date] = day.split('-').map(Number);
  return year >= 1 && new Date(Date.UTC(year, month - 1, date)).toISOString().slice(0, 10) === day;
}

/** The instant a day ('YYYY-MM-DD', a calendar day: isCalendarDay) begins in Tehran (the board's from/to filters). */
export function tehranDayStart(day: string): Date {
  // Tehran is UTC+3:30 (no daylight saving since 2022); an older day an hour off is put right by its clock.
  let start = Date.parse(`${day}T00:00:00+03:30`);
  const { date, minute } = tehranClock(new Date(start));
  if (date === day) start -= minute * 60_000;
  else start += (24 * 60 - minute) * 60_000;
  return new Date(start);
}

/** The day after `day` ('YYYY-MM-DD'), by the calendar. */
export const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The Tehran day `at` falls in, as the instants it begins and the next begins (a staff member's day of wallet credits). */
export function tehranDayOf(at: Date): { from: Date; to: Date } {
  const { date } = tehranClock(at);
  return { from: tehranDayStart(date), to: tehranDayStart(nextDay(date)) };
}
