import type { FastifyRequest } from 'fastify';
import type { TGuard } from '../../platform/route';

// The invitee's calls (routes/invitee-*.ts) live under the preview's own address, where its
// HttpOnly sign-in cookie goes (Path=/site/{id}/preview): the threads, a new one, a reply. They
// are public to the guard; the handler signs the invitee in from that cookie (inviteeOf). A POST
// must come from the preview's own host (the cookie is SameSite=Lax; this refuses the rest).

export const INVITEE_GUARD = {
  public: true,
  rateLimit: { max: 60, timeWindow: '1 minute' },
} as const satisfies TGuard;

/**
 * Whether the request comes from the preview's own host, or names no origin. The host alone is
 * compared: behind a TLS proxy the app may see http while the page is https.
 */
export function fromPreviewHost(req: FastifyRequest) {
  const origin = req.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}
