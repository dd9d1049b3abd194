import type { TTemplate } from '../../platform/mail-templates';

// The mails of review comments: the site's creator hears of a new comment or an invitee's reply;
// the thread's invitees hear of a creator's reply.

type TCommentMail = {
  author: string;
  site: string;
  page: string;
  number: number;
  body: string;
  link: string;
};

export const newCommentMail: TTemplate<TCommentMail & { reply: boolean }> = {
  en: (p) => ({
    subject: p.reply
      ? `${p.author} replied to comment #${p.number} on "${p.site}"`
      : `${p.author} commented on page ${p.page} of "${p.site}"`,
    lines: [
      p.reply
        ? `${p.author} replied to comment #${p.number} (page ${p.page}) on the preview of "${p.site}":`
        : `${p.author} left comment #${p.number} on page ${p.page} of the preview of "${p.site}":`,
      p.body,
      'Reply or resolve it in the site editor:',
      p.link,
    ],
  }),
  ja: (p) => ({
    subject: p.reply
      ? `${p.author} さんが「${p.site}」のコメント #${p.number} に返信しました`
      : `${p.author} さんが「${p.site}」の ${p.page} ページにコメントしました`,
    lines: [
      p.reply
        ? `${p.author} さんが「${p.site}」のプレビューのコメント #${p.number}（${p.page} ページ）に返信しました。`
        : `${p.author} さんが「${p.site}」のプレビューの ${p.page} ページにコメント #${p.number} を残しました。`,
      p.body,
      'サイトエディターで返信または解決できます。',
      p.link,
    ],
  }),
  cn: (p) => ({
    subject: p.reply
      ? `${p.author} 回复了“${p.site}”的评论 #${p.number}`
      : `${p.author} 在“${p.site}”的 ${p.page} 页发表了评论`,
    lines: [
      p.reply
        ? `${p.author} 回复了“${p.site}”预览中的评论 #${p.number}（${p.page} 页）：`
        : `${p.author} 在“${p.site}”预览的 ${p.page} 页留下了评论 #${p.number}：`,
      p.body,
      '请在网站编辑器中回复或标记为已解决：',
      p.link,
    ],
  }),
  kr: (p) => ({
    subject: p.reply
      ? `${p.author} 님이 "${p.site}"의 댓글 #${p.number}에 답글을 남겼습니다`
      : `${p.author} 님이 "${p.site}"의 ${p.page} 페이지에 댓글을 남겼습니다`,
    lines: [
      p.reply
        ? `${p.author} 님이 "${p.site}" 미리보기의 댓글 #${p.number}(${p.page} 페이지)에 답글을 남겼습니다.`
        : `${p.author} 님이 "${p.site}" 미리보기의 ${p.page} 페이지에 댓글 #${p.number}을(를) 남겼습니다.`,
      p.body,
      '사이트 편집기에서 답글을 달거나 해결할 수 있습니다.',
      p.link,
    ],
  }),
};

export const creatorReplyMail: TTemplate<TCommentMail> = {
  en: (p) => ({
    subject: `${p.author} replied to your comment #${p.number} on "${p.site}"`,
    lines: [
      `${p.author} replied to comment #${p.number} (page ${p.page}) on the preview of "${p.site}":`,
      p.body,
      'See it on the preview:',
      p.link,
    ],
  }),
  ja: (p) => ({
    subject: `${p.author} さんが「${p.site}」のコメント #${p.number} に返信しました`,
    lines: [
      `${p.author} さんが「${p.site}」のプレビューのコメント #${p.number}（${p.page} ページ）に返信しました。`,
      p.body,
      'プレビューで確認できます。',
      p.link,
    ],
  }),
  cn: (p) => ({
    subject: `${p.author} 回复了您在“${p.site}”的评论 #${p.number}`,
    lines: [
      `${p.author} 回复了“${p.site}”预览中的评论 #${p.number}（${p.page} 页）：`,
      p.body,
      '在预览中查看：',
      p.link,
    ],
  }),
  kr: (p) => ({
    subject: `${p.author} 님이 "${p.site}"의 댓글 #${p.number}에 답글을 남겼습니다`,
    lines: [
      `${p.author} 님이 "${p.site}" 미리보기의 댓글 #${p.number}(${p.page} 페이지)에 답글을 남겼습니다.`,
      p.body,
      '미리보기에서 확인하세요:',
      p.link,
    ],
  }),
};
