import { defineV1SubmissionListRoute } from '../submission-list-v1-route';

export default defineV1SubmissionListRoute({
  url: '/api/v1/sites/:id/contacts',
  kind: 'CONTACT',
  summary:
    "Read API: the contact forms sent to a site of the account's tree (keyword on email, company and answers, JST date range; newest first, paged)",
});
