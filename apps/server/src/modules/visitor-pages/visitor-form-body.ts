import type { TFormAnswers } from '@swipe/contracts/visitor-forms';
import type { FastifyRequest } from 'fastify';

// What a visitor page's form post brings: where it came from (a post from another site is
// refused: CSRF) and its fields, a checkbox group's repeated names as a list.

/** A form post from another site (CSRF) is refused: browsers say where a post comes from. */
export function sameOrigin(req: FastifyRequest): boolean {
  const fetchSite = req.headers['sec-fetch-site'];
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return false;
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/** A form body (urlencoded): repeated names (a checkbox group) become lists. */
export function parseForm(body: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const had = out[name];
    if (had === undefined) out[name] = value;
    else if (Array.isArray(had)) {
      if (had.length < 100) had.push(value);
    } else out[name] = [had, value];
  }
  return out;
}

/** The answers of a posted form, under the names the services use (camelCase). */
export function formAnswers(body: unknown): TFormAnswers {
  const out: TFormAnswers = {};
  if (!body || typeof body !== 'object') return out;
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    const key =
      name === 'company_name' ? 'companyName' : name === 'confirm_password' ? 'confirmPassword' : name;
    if (Array.isArray(value)) out[key] = value.map(String);
    else if (typeof value === 'string') out[key] = value;
  }
  return out;
}
