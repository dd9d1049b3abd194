import { defineSubmissionExportRoute } from '../submission-routes';

export default defineSubmissionExportRoute({
  url: '/api/site-form/:id/export-csv',
  kind: 'HOMEPAGE',
  summary:
    'The homepage forms of a site with the same filters as CSV (UTF-8 with BOM), a column per form field',
  file: 'site-forms',
});
