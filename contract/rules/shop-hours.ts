import type { Language } from '../enums';
import { SHOP_TIME_ZONE, tehranClock } from './delivery-time';

/*
 * The owner's hours (issue 32): the open switch, the hours (Tehran wall clock; a shift may run past midnight) and
 * "closed until" a Tehran date and time (a holiday). The console's chart and the server check the same rule.
 */

/** The hours as the owner types them: '' = no hours (open all day) / no holiday. */
export interface ShopHoursInput {
  open: boolean;
  /** 'HH:mm' or '' */
  opens_at: string;
  /** 'HH:mm' or '' */
  closes_at: string;
  /** 'YYYY-MM-DD HH:mm' (or with a T, as a datetime field gives it), Tehran; '' = not closed */
  closed_until: string;
}

export type ShopHoursField = 'opens_at' | 'closes_at' | 'closed_until';
/** Why a field of the hours is refused: missing, not a time, closing at the opening minute, a holiday already over. */
export type ShopHoursProblem = 'required' | 'invalid_time' | 'same_time' | 'in_the_past';
export type ShopHoursProblems = Partial<Record<ShopHoursField, ShopHoursProblem>>;

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MOMENT = /^(\d{4})-(\d{2})-(\d{2})[ T]([01]\d|2[0-3]):([0-5]\d)$/;

/** The instant a Tehran wall-clock moment names ('YYYY-MM-DD HH:mm'), or null when it is no such moment. */
export function tehranInstant(moment: string): Date | null {
  const match = MOMENT.exec(moment.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  // Tehran is UTC+3:30 (no DST since 2022): guess, then correct by what the guess reads in Tehran.
  let at = wall - 210 * 60_000;
  const seen = tehranClock(new Date(at));
  const [seenYear, seenMonth, seenDay] = seen.date.split('-').map(Number);
  at += wall - (Date.UTC(seenYear, seenMonth - 1, seenDay) + seen.minute * 60_000);
  return new Date(at);
}

/** An instant as the owner's form shows it: 'YYYY-MM-DDTHH:mm', Tehran (a datetime field's value). */
export function tehranMoment(at: Date): string {
  const { date, minute } = tehranClock(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date}T${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
}

/** Each time a clock time or blank, both hours or neither, not the same minute; a holiday a moment still to come. */
export function shopHoursProblems(input: ShopHoursInput, now: Date): ShopHoursProblems {
  const problems: ShopHoursProblems = {};
  const opens = input.opens_at.trim();
  const closes = input.closes_at.trim();
  if (opens !== '' && !CLOCK.test(opens)) problems.opens_at = 'invalid_time';
  if (closes !== '' && !CLOCK.test(closes)) problems.closes_at = 'invalid_time';
  if (opens === '' && closes !== '') problems.opens_at = 'required';
  if (closes === '' && opens !== '') problems.closes_at = 'required';
  if (opens !== '' && opens === closes) problems.closes_at = 'same_time';
  const until = input.closed_until.trim();
  if (until !== '') {
    const at = tehranInstant(until);
    if (!at) problems.closed_until = 'invalid_time';
    else if (at.getTime() <= now.getTime()) problems.closed_until = 'in_the_past';
  }
  return problems;
}

/** The hours as stored: null hours = all day, null = no holiday (an ISO instant otherwise). */
export function storedHours(input: ShopHoursInput): { open: boolean; opens_at: string | null; closes_at: string | null; closed_until: string | null } {
  const until = input.closed_until.trim();
  return {
    open: input.open,
    opens_at: input.opens_at.trim() || null,
    closes_at: input.closes_at.trim() || null,
    closed_until: until === '' ? null : (tehranInstant(until)?.toISOString() ?? null),
  };
}

/** "Closed until" as a customer reads it: the Tehran date (Persian calendar in fa) and time. */
export function closedUntilText(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'fa' ? 'fa-IR-u-ca-persian' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: SHOP_TIME_ZONE }).format(new Date(iso));
}
