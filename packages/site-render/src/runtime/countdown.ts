// Countdown: under 60 minutes shows minutes, under 72 hours hours, otherwise days; 0 (or
// past) shows nothing. Part of the runtime, so it stays tiny and depends on nothing.

const UNITS: Record<string, [string, string, string]> = {
  JP: ['残り{n}分', '残り{n}時間', '残り{n}日'],
  EN: ['{n} min left', '{n} h left', '{n} days left'],
  KR: ['{n}분 남음', '{n}시간 남음', '{n}일 남음'],
  CN: ['剩余{n}分钟', '剩余{n}小时', '剩余{n}天'],
};

const REMAINING: Record<string, string> = {
  JP: '残り{n}名',
  EN: '{n} places left',
  KR: '{n}명 남음',
  CN: '剩余{n}名',
};

const HOUR = 3_600_000;

/** The countdown text for `msLeft` milliseconds to go, in the site language. */
export function countdownText(msLeft: number, lang: string): string {
  if (!(msLeft > 0)) return '';
  const [minutes, hours, days] = UNITS[lang] ?? UNITS.EN!;
  if (msLeft < HOUR) return minutes.replace('{n}', String(Math.ceil(msLeft / 60_000)));
  if (msLeft < 72 * HOUR) return hours.replace('{n}', String(Math.floor(msLeft / HOUR)));
  return days.replace('{n}', String(Math.floor(msLeft / (24 * HOUR))));
}

/** "N places left" for an applicant limit. */
export const remainingText = (n: number, lang: string) =>
  (REMAINING[lang] ?? REMAINING.EN!).replace('{n}', String(Math.max(0, n)));
