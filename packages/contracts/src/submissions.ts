import { z } from 'zod';
import { envelope, listEnvelope } from './envelope';
import { ZSiteLanguage } from './sites';

// The per-site lists of membership, contact and form submissions, each with a CSV export
// (GET /site-member/{id}, /site-contact/{id}, /site-form/{id} and their
// /export-csv): what a site's owner tree sees of its visitors.

const zDay = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'common.invalidDate')
    // A real calendar day (no 2026-02-30): it becomes a timestamp in the query.
    .refine((d) => {
      const t = Date.parse(`${d}T00:00:00Z`);
      return !Number.isNaN(t) && new Date(t).toISOString().startsWith(d);
    }, 'common.invalidDate')
    .optional();

/** Search (email, company or any answer), a date range (JST days, inclusive) and paging. */
export const ZSubmissionListQuery = z.object({
  keyword: z.string().trim().max(100).optional(),
  from: zDay(),
  to: zDay(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TSubmissionListQuery = z.infer<typeof ZSubmissionListQuery>;
export const ZSubmissionExportQuery = ZSubmissionListQuery.omit({ page: true, pageSize: true });

export const ZAnswer = z.object({ title: z.string(), value: z.string() });
/** One answer of a form as stored with a member or a submission: the field's title at the time. */
export type TSubmissionAnswer = z.infer<typeof ZAnswer>;

export const ZMemberSummary = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(['PENDING', 'ACTIVE']),
  lang: ZSiteLanguage,
  data: z.array(ZAnswer),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
});
export type TMemberSummary = z.infer<typeof ZMemberSummary>;
export const ZMemberListResponse = listEnvelope(ZMemberSummary);

export const ZSubmissionSummary = z.object({
  id: z.string(),
  kind: z.enum(['CONTACT', 'HOMEPAGE']),
  lang: ZSiteLanguage,
  email: z.string(),
  companyName: z.string(),
  data: z.array(ZAnswer),
  mode: z.string().nullable(),
  createdAt: z.string(),
});
export type TSubmissionSummary = z.infer<typeof ZSubmissionSummary>;
export const ZSubmissionListResponse = listEnvelope(ZSubmissionSummary);

/** The site a list belongs to, for the page's heading. */
export const ZSubmissionSiteInfo = envelope(z.object({ id: z.string(), name: z.string() }));

export const ZSiteMemberParams = z.object({
  id: z.uuid('common.notFound'),
  memberId: z.uuid('common.notFound'),
});
