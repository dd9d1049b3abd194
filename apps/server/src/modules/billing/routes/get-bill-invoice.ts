import { ZIdParams } from '@swipe/contracts/accounts';
import { z } from 'zod';
import { defineRoute } from '../../../platform/route';
import { invoiceDocument } from '../billing.service';
import { renderInvoicePdf } from '../invoice-pdf';

export default defineRoute({
  method: 'GET',
  url: '/api/bills/:id/invoice',
  summary: 'The invoice of a bill as a PDF (JPY, qualified-invoice registration number), in the UI language',
  tags: ['billing'],
  guard: { roles: 'any', authority: 'VIEW' },
  params: ZIdParams,
  response: z.string().describe('application/pdf'),
  handler: async ({ ctx, params, caller, req, reply }) => {
    const doc = await invoiceDocument(ctx, { caller, id: params.id, language: req.lang });
    const pdf = await renderInvoicePdf(doc);
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${doc.fileName}"`)
      .header('cache-control', 'no-store');
    return pdf as unknown as string;
  },
});
