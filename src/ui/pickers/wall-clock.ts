/**
 * The pickers' values and the wire's texts. The server takes Tehran wall-clock texts ('HH:mm', 'YYYY-MM-DD',
 * 'YYYY-MM-DDTHH:mm', as the native inputs sent them); a picker edits a Date in the browser's own zone, so a text
 * becomes a local Date with the same wall-clock fields and back, and no zone ever shifts it.
 */
export type PickerKind = 'date' | 'time' | 'datetime';

const TIME = /^(\d{2}):(\d{2})$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

// A bare time is put on a day no zone changes its clocks on; a bare date at noon, away from midnight's changes.
const TIME_DAY = [2000, 0, 1] as const;
const NOON = 12;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The Date a picker shows for a wire text; null for an empty or malformed one. */
export function fromWire(kind: PickerKind, text: string): Date | null {
  if (kind === 'time') {
    const time = TIME.exec(text);
    return time ? new Date(...TIME_DAY, Number(time[1]), Number(time[2])) : null;
  }
  if (kind === 'date') {
    const day = DAY.exec(text);
    return day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]), NOON) : null;
  }
  const at = DAY_TIME.exec(text);
  return at ? new Date(Number(at[1]), Number(at[2]) - 1, Number(at[3]), Number(at[4]), Number(at[5])) : null;
}

// A year below this is one still being typed: its first digit already makes a valid date (12/09/0002, Jalali 0001).
const FIRST_FULL_YEAR = 1000;

/** The wire text of a picker's value: '' once cleared, null while it is partly typed (nothing to send yet). */
export function toWire(kind: PickerKind, value: Date | null): string | null {
  if (value === null) return '';
  if (Number.isNaN(value.getTime())) return null;
  if (kind !== 'time' && value.getFullYear() < FIRST_FULL_YEAR) return null;
  const day = `${pad(value.getFullYear(), 4)}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  const time = `${pad(value.getHours())}:${pad(value.getMinutes())}`;
  if (kind === 'time') return time;
  if (kind === 'date') return day;
  return `${day}T${time}`;
}
