import { previewCommentReplies, previewComments } from '../../db/schema/preview-comments';
import { defineModule } from '../../platform/module';
import { registerInviteeComments } from './invitee-comments';
import listComments from './routes/list-comments';
import replyComment from './routes/reply-comment';
import resolveComment from './routes/resolve-comment';

// Review comments on shared previews (issue 20): invitees pin threads on the preview's pages and
// reply (calls under the preview's address, where its sign-in cookie goes); the site's creators
// list, reply to, resolve and reopen them from the console; each new message is mailed.

export const previewCommentsModule = defineModule({
  name: 'preview-comments',
  routes: [listComments, replyComment, resolveComment],
  tables: [previewComments, previewCommentReplies],
  http: (app, ctx) => {
    registerInviteeComments(app, ctx);
    return undefined;
  },
});
