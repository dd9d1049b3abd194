import {
  type TPreviewComment,
  ZPreviewCommentResponse,
  ZPreviewCommentsResponse,
} from '@swipe/contracts/preview-comments';
import { api, type TRequestOptions } from '../../app/api-client';

// The creator's side of the review comments on a site's shared preview, typed by the contracts;
// every answer is checked against its response schema.

type TOpts = Pick<TRequestOptions, 'toast' | 'signal'>;
const enc = encodeURIComponent;

export const commentKeys = {
  list: (siteId: string) => ['preview-comments', siteId] as const,
};

/** While the drawer is open or pins show, new comments of reviewers appear within this. */
export const COMMENTS_REFRESH_MS = 30_000;

const base = (siteId: string) => `/api/site/${enc(siteId)}/comments`;
const one = (siteId: string, commentId: string) => `${base(siteId)}/${enc(commentId)}`;

export const commentsApi = {
  /** Every thread of the site: open ones first, newest first within each. */
  list: (siteId: string, opts?: TOpts) =>
    api.get<TPreviewComment[]>(base(siteId), { ...opts, schema: ZPreviewCommentsResponse }),

  reply: (siteId: string, commentId: string, body: string, opts?: TOpts) =>
    api.post<TPreviewComment>(
      `${one(siteId, commentId)}/replies`,
      { body },
      {
        ...opts,
        schema: ZPreviewCommentResponse,
      },
    ),

  resolve: (siteId: string, commentId: string, resolved: boolean, opts?: TOpts) =>
    api.put<TPreviewComment>(
      `${one(siteId, commentId)}/resolve`,
      { resolved },
      {
        ...opts,
        schema: ZPreviewCommentResponse,
      },
    ),
};
