import { ZSubmissionListQuery } from '@swipe/contracts/submissions';
import { defineListQuery, type TListQuery } from '../../app/use-list-query';

// The member, contact and form lists' query in the address (?keyword=&from=&to=&page=&size=,
// see use-list-query.ts). Dates are JST calendar days (YYYY-MM-DD), both ends included.

export const submissionListQuery = defineListQuery(ZSubmissionListQuery);

export type TSubmissionQuery = TListQuery<typeof submissionListQuery>;
