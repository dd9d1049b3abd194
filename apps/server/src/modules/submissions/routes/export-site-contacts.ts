import { defineSubmissionExportRoute } from '../submission-routes';

export default defineSubmissionExportRoute({
  url: '/api/site-contact/:id/export-csv',
  kind: 'CONTACT',
  summary:
    'The contact forms of a site with the same filters as CSV (UTF-8 with BOM), a column per form field',
  file: 'site-contacts',
});
