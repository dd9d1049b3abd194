import { ZGetAccountResponse } from '@swipe/contracts/accounts';
import { ZListPlansResponse } from '@swipe/contracts/plans';
import {
  type TUserImportPreview,
  ZUserImportPreviewResponse,
  ZUserImportResponse,
} from '@swipe/contracts/user-import';
import type { z } from 'zod';
import { api, apiRequest } from '../../app/api-client';
import { downloadCsv } from '../../app/csv-download';

// The import's three calls. The CSV goes up as it is (text/csv), never re-encoded: the server
// reads UTF-8 or Shift_JIS from the bytes.

const query = (parentAccountId?: string) => (parentAccountId ? { parentAccountId } : undefined);
const upload = (file: Blob) => ({ data: file, contentType: 'text/csv' });

export const userImportApi = {
  preview: (file: Blob, parentAccountId?: string, signal?: AbortSignal) =>
    apiRequest<TUserImportPreview>('/api/users/import/preview', {
      method: 'POST',
      raw: upload(file),
      query: query(parentAccountId),
      schema: ZUserImportPreviewResponse,
      signal,
      toast: false,
    }),
  run: (file: Blob, parentAccountId?: string) =>
    apiRequest<z.infer<typeof ZUserImportResponse>['data']>('/api/users/import', {
      method: 'POST',
      raw: upload(file),
      query: query(parentAccountId),
      schema: ZUserImportResponse,
      toast: false,
    }),
  account: (id: string, signal?: AbortSignal) =>
    api.get<z.infer<typeof ZGetAccountResponse>['data']>(`/api/accounts/${id}`, {
      schema: ZGetAccountResponse,
      signal,
      toast: false,
    }),
  plans: (signal?: AbortSignal) =>
    api.get<z.infer<typeof ZListPlansResponse>['data']>('/api/plans', {
      schema: ZListPlansResponse,
      signal,
      toast: false,
    }),
};

/** Saves the template CSV (named by the server, user-import-template.csv). */
export const downloadTemplate = (parentAccountId?: string) =>
  downloadCsv('/api/users/import/template', { parentAccountId }, 'user-import-template.csv');
