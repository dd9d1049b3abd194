import type { TCommentTexts } from './comments-texts';

// The review comments' pure parts (comments-runtime.ts draws them): a comment as the server sends
// it (snake_case), where a click falls on a page, which pins a page shows, and what an error says.

export type TWireAuthor = { kind: 'INVITEE' | 'CREATOR'; name: string };
export type TWireReply = { id: string; body: string; author: TWireAuthor; created_at: string };
export type TWireComment = {
  id: string;
  lang: string;
  page: string;
  x: number;
  y: number;
  number: number;
  body: string;
  author: TWireAuthor;
  created_at: string;
  resolved_at: string | null;
  replies: TWireReply[];
};

/** A point on a page: thousandths of its width and height from its top left corner (0..1000). */
export function pointIn(
  rect: { left: number; top: number; width: number; height: number },
  clientX: number,
  clientY: number,
): { x: number; y: number } | null {
  if (!(rect.width > 0 && rect.height > 0)) return null;
  const at = (v: number) => Math.max(0, Math.min(1000, Math.round(v * 1000)));
  return { x: at((clientX - rect.left) / rect.width), y: at((clientY - rect.top) / rect.height) };
}

/** The pins of one language, by page, lowest number first; resolved ones only when asked. */
export function pinsOf(list: TWireComment[], lang: string, showResolved: boolean): TWireComment[] {
  return list
    .filter((c) => c.lang === lang && (showResolved || !c.resolved_at))
    .sort((a, b) => a.number - b.number);
}

/** Puts a comment the server answered with in the list (in place of its older copy). */
export function upsert(list: TWireComment[], comment: TWireComment): TWireComment[] {
  const i = list.findIndex((c) => c.id === comment.id);
  return i < 0 ? [...list, comment] : list.map((c, j) => (j === i ? comment : c));
}

/** "Comment 3", its first words and author, and whether it is resolved: a pin's accessible name. */
export function pinLabel(t: TCommentTexts, c: TWireComment): string {
  const excerpt = c.body.length > 60 ? `${c.body.slice(0, 60)}…` : c.body;
  return `${t.comment.replace('{n}', String(c.number))}${c.resolved_at ? ` (${t.resolved})` : ''}: ${c.author.name}: ${excerpt}`;
}

/**
 * What an answer that is not a success says: the field errors or the message of a 400/403/404/409,
 * "sign in again" for a 401, "could not send" when there was no readable answer.
 */
export function errorText(t: TCommentTexts, status: number, body: unknown): string {
  if (status === 401) return t.signedOut;
  const b = (body ?? {}) as { message?: unknown; errors?: { message?: unknown }[] };
  const fields = Array.isArray(b.errors)
    ? b.errors.map((e) => e?.message).filter((m): m is string => typeof m === 'string' && m !== '')
    : [];
  const message = typeof b.message === 'string' ? b.message : '';
  if (fields.length > 0) return [...new Set([message, ...fields].filter(Boolean))].join(' ');
  return message || t.failed;
}
