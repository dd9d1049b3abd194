import type { FastifyReply } from 'fastify';
import { jstDate } from '../../platform/schedule';

/** Sends a CSV export as a download named `<base>-YYYYMMDD.csv` (the JST day), never cached. */
export function sendCsv(reply: FastifyReply, base: string, csv: string) {
  const day = jstDate(new Date()).replace(/-/g, '');
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${base}-${day}.csv"`)
    .header('cache-control', 'no-store');
  return csv;
}
