import { gte, lt, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// What list searches share: a keyword matched as plain text with LIKE, and a range of Japan-time
// calendar days (operators read and filter dates in JST).

/** `%` `_` and `\` of a user's text stand for themselves in a LIKE pattern. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern for "contains this text". */
export const containsPattern = (keyword: string) => `%${escapeLike(keyword)}%`;

/** 00:00 of a JST calendar day (YYYY-MM-DD). */
export const jstDayStart = (day: string) => new Date(`${day}T00:00:00+09:00`);

/** The JST days `from`..`to` (both included) on a timestamp column. */
export function jstDayRange(column: AnyPgColumn, days: { from?: string; to?: string }): SQL[] {
  const where: SQL[] = [];
  if (days.from) where.push(gte(column, jstDayStart(days.from)));
  if (days.to) where.push(lt(column, new Date(jstDayStart(days.to).getTime() + 86_400_000)));
  return where;
}
