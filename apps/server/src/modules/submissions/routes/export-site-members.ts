import { defineSubmissionExportRoute } from '../submission-routes';
import { exportMembers } from '../submissions.service';

export default defineSubmissionExportRoute({
  url: '/api/site-member/:id/export-csv',
  summary: "A site's members with the same filters as CSV (UTF-8 with BOM), a column per form field",
  file: 'site-members',
  csv: exportMembers,
});
