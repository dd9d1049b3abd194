import { defineSubmissionListRoute } from '../submission-routes';

export default defineSubmissionListRoute({
  url: '/api/site-contact/:id',
  kind: 'CONTACT',
  summary:
    'The contact forms sent to a site (keyword on email, company and answers, JST date range; newest first, paged)',
});
