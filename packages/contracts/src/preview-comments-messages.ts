// Messages of review comments on previews (keys `comments.*`), merged into the catalogue of messages.ts.
export const previewCommentsMessages = {
  'comments.invitedOnly': {
    en: 'Comments are for people invited by email: ask the site owner for an invitation.',
    ja: 'コメントはメールで招待された方のみ残せます。サイトの所有者に招待を依頼してください。',
    cn: '只有通过电子邮件受邀的人才能发表评论，请向网站所有者请求邀请。',
    kr: '댓글은 이메일로 초대받은 분만 남길 수 있습니다. 사이트 소유자에게 초대를 요청하세요.',
  },
  'comments.notFound': {
    en: 'This comment does not exist (any more).',
    ja: 'このコメントは存在しません（削除された可能性があります）。',
    cn: '该评论不存在（可能已被删除）。',
    kr: '이 댓글이 존재하지 않습니다(삭제되었을 수 있습니다).',
  },
  'comments.tooMany': {
    en: 'This site has as many comments as it can hold ({max}). Resolve or clear some first.',
    ja: 'このサイトのコメントが上限（{max}件）に達しました。',
    cn: '该网站的评论已达上限（{max}条）。',
    kr: '이 사이트의 댓글이 한도({max}개)에 도달했습니다.',
  },
  'comments.tooManyReplies': {
    en: 'This thread has as many replies as it can hold ({max}). Start a new comment instead.',
    ja: 'このスレッドの返信が上限（{max}件）に達しました。新しいコメントを作成してください。',
    cn: '此讨论的回复已达上限（{max}条），请新建评论。',
    kr: '이 스레드의 답글이 한도({max}개)에 도달했습니다. 새 댓글을 작성하세요.',
  },
  'comments.pageUnknown': {
    en: 'This page is not in the draft any more.',
    ja: 'このページは下書きにありません。',
    cn: '草稿中已没有此页面。',
    kr: '이 페이지는 더 이상 초안에 없습니다.',
  },
  'comments.added': {
    en: 'Comment added.',
    ja: 'コメントを追加しました。',
    cn: '已添加评论。',
    kr: '댓글을 추가했습니다.',
  },
  'comments.replied': {
    en: 'Reply sent.',
    ja: '返信しました。',
    cn: '已回复。',
    kr: '답글을 보냈습니다.',
  },
  'comments.resolved': {
    en: 'Comment resolved.',
    ja: 'コメントを解決済みにしました。',
    cn: '评论已标记为已解决。',
    kr: '댓글을 해결됨으로 표시했습니다.',
  },
  'comments.reopened': {
    en: 'Comment reopened.',
    ja: 'コメントを未解決に戻しました。',
    cn: '评论已重新打开。',
    kr: '댓글을 다시 열었습니다.',
  },
} as const;
