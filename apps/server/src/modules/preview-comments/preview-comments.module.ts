import { previewCommentReplies, previewComments } from '../../db/schema/preview-comments';
import { defineModule } from '../../platform/module';
import { seedDemoComments } from './demo-comments';
import inviteeAddComment from './routes/invitee-add-comment';
import inviteeListComments from './routes/invitee-list-comments';
import inviteeReplyComment from './routes/invitee-reply-comment';
import listComments from './routes/list-comments';
import replyComment from './routes/reply-comment';
import resolveComment from './routes/resolve-comment';

// Review comments on shared previews: invitees pin threads on the preview's pages and
// reply (calls under the preview's address, where its sign-in cookie goes); the site's creators
// list, reply to, resolve and reopen them from the console; each new message is mailed.

export const previewCommentsModule = defineModule({
  name: 'preview-comments',
  routes: [
    listComments,
    replyComment,
    resolveComment,
    inviteeListComments,
    inviteeAddComment,
    inviteeReplyComment,
  ],
  tables: [previewComments, previewCommentReplies],
  demoSeed: seedDemoComments,
});
