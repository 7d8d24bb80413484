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
