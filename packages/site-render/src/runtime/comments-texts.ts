// What the review comments' overlay says (comments-runtime.ts), by the page's site language:
// a small table of its own so the script carries no catalogue. The server's own messages
// (comments.added, field errors...) come translated in its answers.

export type TCommentTexts = {
  /** The toggle of comment mode. */
  toggle: string;
  /** Said when comment mode turns on. */
  hint: string;
  /** Said when it turns off. */
  off: string;
  showResolved: string;
  newTitle: string;
  /** The new comment's text box. */
  yours: string;
  send: string;
  cancel: string;
  close: string;
  /** A thread's heading and a pin's name: `{n}` is its number. */
  comment: string;
  /** Added to a resolved pin's name and shown in its thread. */
  resolved: string;
  reply: string;
  sendReply: string;
  /** Who a creator's reply is from, beside their name. */
  creator: string;
  /** The answer could not be read (network, server down). */
  failed: string;
  /** 401: the preview sign-in ended (revoked, expired). */
  signedOut: string;
  loadFailed: string;
};

export const COMMENT_TEXTS: Record<'JP' | 'EN' | 'KR' | 'CN', TCommentTexts> = {
  JP: {
    toggle: 'コメント',
    hint: 'コメントしたい位置をタップまたはクリックしてください。',
    off: 'コメントモードを終了しました。',
    showResolved: '解決済みを表示',
    newTitle: '新しいコメント',
    yours: 'コメント',
    send: '送信',
    cancel: 'キャンセル',
    close: '閉じる',
    comment: 'コメント {n}',
    resolved: '解決済み',
    reply: '返信',
    sendReply: '返信する',
    creator: '制作者',
    failed: '送信できませんでした。接続を確認してもう一度お試しください。',
    signedOut: 'サインインの有効期限が切れました。ページを再読み込みしてサインインしてください。',
    loadFailed: 'コメントを読み込めませんでした。',
  },
  EN: {
    toggle: 'Comment',
    hint: 'Tap or click the point of the page you want to comment on.',
    off: 'Comment mode is off.',
    showResolved: 'Show resolved',
    newTitle: 'New comment',
    yours: 'Your comment',
    send: 'Send',
    cancel: 'Cancel',
    close: 'Close',
    comment: 'Comment {n}',
    resolved: 'Resolved',
    reply: 'Reply',
    sendReply: 'Send reply',
    creator: 'Creator',
    failed: 'Could not send. Check your connection and try again.',
    signedOut: 'Your sign-in has ended. Reload the page to sign in again.',
    loadFailed: 'The comments could not be loaded.',
  },
  KR: {
    toggle: '댓글',
    hint: '댓글을 남길 위치를 탭하거나 클릭하세요.',
    off: '댓글 모드를 종료했습니다.',
    showResolved: '해결됨 표시',
    newTitle: '새 댓글',
    yours: '댓글',
    send: '보내기',
    cancel: '취소',
    close: '닫기',
    comment: '댓글 {n}',
    resolved: '해결됨',
    reply: '답글',
    sendReply: '답글 보내기',
    creator: '제작자',
    failed: '보내지 못했습니다. 연결을 확인하고 다시 시도하세요.',
    signedOut: '로그인이 만료되었습니다. 페이지를 새로고침하여 다시 로그인하세요.',
    loadFailed: '댓글을 불러오지 못했습니다.',
  },
  CN: {
    toggle: '评论',
    hint: '请点按要评论的页面位置。',
    off: '已退出评论模式。',
    showResolved: '显示已解决',
    newTitle: '新评论',
    yours: '您的评论',
    send: '发送',
    cancel: '取消',
    close: '关闭',
    comment: '评论 {n}',
    resolved: '已解决',
    reply: '回复',
    sendReply: '发送回复',
    creator: '制作者',
    failed: '无法发送。请检查网络连接后重试。',
    signedOut: '登录已失效。请重新加载页面并再次登录。',
    loadFailed: '无法加载评论。',
  },
};

/** The texts of a site language (Japanese for anything else). */
export const commentTexts = (lang: string | undefined): TCommentTexts =>
  COMMENT_TEXTS[(lang ?? 'JP') as keyof typeof COMMENT_TEXTS] ?? COMMENT_TEXTS.JP;
