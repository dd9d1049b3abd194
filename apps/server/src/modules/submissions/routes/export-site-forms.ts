import { defineSubmissionExportRoute } from '../submission-routes';
import { exportSubmissions } from '../submissions.service';

export default defineSubmissionExportRoute({
  url: '/api/site-form/:id/export-csv',
  summary:
    'The homepage forms of a site with the same filters as CSV (UTF-8 with BOM), a column per form field',
  file: 'site-forms',
  csv: (ctx, args) => exportSubmissions(ctx, { ...args, kind: 'HOMEPAGE' }),
});
