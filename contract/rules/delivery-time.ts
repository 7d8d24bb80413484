/** Shop hours are Tehran wall-clock times. */
export const SHOP_TIME_ZONE = 'Asia/Tehran';

/** How many days ahead a pre-order may be, when a shop does not set its own (shops.data.preorder_days). */
export const PREORDER_DAYS_DEFAULT = 7;

/**
 * A shop's shift: the open switch, its hours ('HH:mm'; null hours = always within) and how many days after
 * today (Tehran) a pre-order may name.
 */
export interface ShiftHours {
  open: boolean;
  opens_at: string | null;
  closes_at: string | null;
  preorder_days: number;
  /** a holiday: no order is taken before this instant (ISO), whatever the hours say; null/absent = none */
  closed_until?: string | null;
}

const minutesOf = (hhmm: string): number => {
  const [hours, minutes] = hhmm.split(':').map(Number);
  return hours * 60 + minutes;
};

// Made once, on first use: making a formatter cost more than formatting with it (4% of the server's CPU in checkouts).
let tehranFormat: Intl.DateTimeFormat | null = null;

// The last minute's answer: every instant of a UTC minute is the same Tehran minute (Tehran's offset is whole
// minutes), and formatToParts was 1 % of the server's CPU in checkouts, which ask it several times each.
let lastMinute = Number.NaN;
let lastClock: { date: string; minute: number } = { date: '', minute: 0 };

/** The Tehran date ('YYYY-MM-DD') and minute of the day of an instant. */
export function tehranClock(at: Date): { date: string; minute: number } {
  const utcMinute = Math.floor(at.getTime() / 60_000);
  if (utcMinute === lastMinute) return { ...lastClock };
  tehranFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const parts = Object.fromEntries(tehranFormat.formatToParts(at).map((part) => [part.type, part.value]));
  lastClock = { date: `${parts.year}-${parts.month}-${parts.day}`, minute: Number(parts.hour) * 60 + Number(parts.minute) };
  lastMinute = utcMinute;
  return { ...lastClock };
}

/** Whether a minute of the day lies in the shift (a shift may run past midnight, e.g. 18:00–02:00). */
export function withinHours(shift: ShiftHours, minute: number): boolean {
  if (!shift.opens_at || !shift.closes_at) return true;
  const opens = minutesOf(shift.opens_at);
  const closes = minutesOf(shift.closes_at);
  return opens <= closes ? minute >= opens && minute <= closes : minute >= opens || minute <= closes;
}

export type DeliveryTimeProblem = 'closed_until' | 'store_closed' | 'preorder_outside_hours' | 'preorder_past' | 'preorder_too_far' | 'preorder_invalid';
export type DeliveryTimeCheck = { ok: true; value: string } | { ok: false; reason: DeliveryTimeProblem };

/** The end of the shop's holiday (ISO) while it lasts at `now`, else null. */
export function closedUntil(shift: Pick<ShiftHours, 'closed_until'>, now: Date): string | null {
  const until = shift.closed_until ? Date.parse(shift.closed_until) : Number.NaN;
  return Number.isFinite(until) && now.getTime() < until ? (shift.closed_until as string) : null;
}

/** 'YYYY-MM-DD' names a day the calendar has (Date.parse takes 2025-06-31 for July 1st). */
function isCalendarDay(date: string): boolean {
  const [year, month, day] = date.split('-').map(Number);
  const at = new Date(Date.UTC(year, month - 1, day));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
}

/** The Tehran day ('YYYY-MM-DD') `days` after the one `at` falls on. */
function tehranDayAfter(at: Date, days: number): string {
  const [year, month, day] = tehranClock(at).date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The last day ('YYYY-MM-DD', Tehran) a pre-order may name: the shop's horizon counted from today. */
export function lastPreorderDay(shift: Pick<ShiftHours, 'preorder_days'>, now: Date): string {
  return tehranDayAfter(now, shift.preorder_days);
}

/** Today in Tehran ('YYYY-MM-DD'): the first day a pre-order may name. */
export function firstPreorderDay(now: Date): string {
  return tehranClock(now).date;
}

/**
 * preordertime: '' or 'now' (the shop must be open now), 'HH:mm' later today,
 * or 'YYYY-MM-DD HH:mm' for a pre-order; later times must be in the future, no later than the shop's
 * horizon (lastPreorderDay) and within the hours.
 */
export function checkDeliveryTime(shift: ShiftHours, preordertime: string, now: Date): DeliveryTimeCheck {
  // A holiday refuses every order, a pre-order for after it too: "no order before it".
  if (closedUntil(shift, now) !== null) return { ok: false, reason: 'closed_until' };
  if (!shift.open) return { ok: false, reason: 'store_closed' };
  const clock = tehranClock(now);
  const wanted = preordertime.trim();
  if (wanted === '' || wanted === 'now') {
    return withinHours(shift, clock.minute) ? { ok: true, value: 'now' } : { ok: false, reason: 'store_closed' };
  }
  const match = /^(?:(\d{4})-(\d{2})-(\d{2})[ T])?(\d{2}):(\d{2})$/.exec(wanted);
  if (!match) return { ok: false, reason: 'preorder_invalid' };
  const [, year, month, day, hour, minute] = match;
  if (Number(hour) > 23 || Number(minute) > 59) return { ok: false, reason: 'preorder_invalid' };
  const date = year ? `${year}-${month}-${day}` : clock.date;
  if (!isCalendarDay(date)) return { ok: false, reason: 'preorder_invalid' };
  const wantedMinute = Number(hour) * 60 + Number(minute);
  if (date < clock.date || (date === clock.date && wantedMinute <= clock.minute)) return { ok: false, reason: 'preorder_past' };
  if (date > lastPreorderDay(shift, now)) return { ok: false, reason: 'preorder_too_far' };
  if (!withinHours(shift, wantedMinute)) return { ok: false, reason: 'preorder_outside_hours' };
  return { ok: true, value: year ? `${date} ${hour}:${minute}` : `${hour}:${minute}` };
}

/** How the customer asks for the delivery: now, later today ('HH:mm'), or a pre-order ('YYYY-MM-DD HH:mm'). */
export type DeliveryTiming = 'now' | 'later' | 'preorder';
export interface DeliveryTimeChoice {
  timing: DeliveryTiming;
  /** 'HH:mm' as typed ('' while not given) */
  clock?: string;
  /** 'YYYY-MM-DD' as typed ('' while not given) */
  day?: string;
}

/** The preordertime a choice names; '' while a later time or a pre-order is not filled in (a time is asked for). */
export function deliveryTimeOf(choice: DeliveryTimeChoice): string {
  const clock = choice.clock ?? '';
  const day = choice.day ?? '';
  if (choice.timing === 'now') return 'now';
  if (choice.timing === 'later') return clock;
  return clock && day ? `${day} ${clock}` : '';
}

/** The parts of a chosen preordertime, to show it again as chosen. */
export function deliveryTimeParts(time: string): Required<DeliveryTimeChoice> {
  const preorder = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/.exec(time);
  if (preorder) return { timing: 'preorder', day: preorder[1], clock: preorder[2] };
  if (/^\d{2}:\d{2}$/.test(time)) return { timing: 'later', day: '', clock: time };
  return { timing: 'now', day: '', clock: '' };
}

/**
 * When a placed order is wanted (its preordertime read against when it was placed): null for 'now'; a later time is on
 * the day it was placed, a pre-order on its own day (Tehran, which keeps +03:30 all year).
 */
export function scheduledFor(time: string, placedAt: Date): Date | null {
  const { timing, day, clock } = deliveryTimeParts(time);
  if (timing === 'now') return null;
  return new Date(`${timing === 'preorder' ? day : tehranClock(placedAt).date}T${clock}:00+03:30`);
}
