import { defineSubmissionListRoute } from '../submission-routes';

export default defineSubmissionListRoute({
  url: '/api/site-form/:id',
  kind: 'HOMEPAGE',
  summary:
    'The homepage forms sent to a site (keyword on email, company and answers, JST date range; newest first, paged)',
});
