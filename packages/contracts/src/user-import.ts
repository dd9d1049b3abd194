import { z } from 'zod';
import { envelope } from './envelope';
import type { TUiLanguage } from './i18n';

// CSV import of users: one CSV row creates one user exactly as the create-user form does
// (ZCreateUserBody in users.ts). CSV only, at most 5 MB.

/** The operators who create users (a SUB_ADMIN acting as one of them included). */
export const USER_IMPORT_ROLES = ['MASTER', 'OEM_MASTER', 'OEM_ADMIN'] as const;

export const USER_IMPORT_MAX_BYTES = 5_242_880;
export const USER_IMPORT_MAX_ROWS = 1000;
/** Columns a row may have (the template has far fewer; unknown ones are ignored). */
export const USER_IMPORT_MAX_COLUMNS = 100;
/** Characters one value may have (the longest field takes 255). */
export const USER_IMPORT_MAX_CELL_CHARS = 1000;
/** The content types the upload is accepted with (browsers send any of these for a .csv file). */
export const USER_IMPORT_CONTENT_TYPES = ['text/csv', 'application/vnd.ms-excel', 'application/octet-stream'];

/** The columns of the file in template order; a header cell is its snake_case key or a label below. */
export const USER_IMPORT_COLUMNS = [
  'kind',
  'companyName',
  'email',
  'contactName',
  'managerName',
  'authority',
  'planCode',
  'contractStart',
  'contractEnd',
  'licenseIssued',
  'logoEnabled',
  'language',
] as const;
export type TUserImportColumn = (typeof USER_IMPORT_COLUMNS)[number];

/** Without these the file cannot describe any user. */
export const USER_IMPORT_REQUIRED_COLUMNS: readonly TUserImportColumn[] = ['kind', 'email', 'contactName'];

/** Header labels per UI language: the template writes them, the parser also reads them. */
export const USER_IMPORT_HEADERS: Record<TUserImportColumn, Record<TUiLanguage, string>> = {
  kind: { en: 'Account type', ja: 'アカウント種別', cn: '账户类型', kr: '계정 유형' },
  companyName: { en: 'Company name', ja: '会社名', cn: '公司名称', kr: '회사명' },
  email: { en: 'Email', ja: 'メールアドレス', cn: '电子邮件', kr: '이메일' },
  contactName: { en: 'Contact person', ja: '担当者名', cn: '联系人', kr: '담당자명' },
  managerName: { en: 'Manager', ja: '管理担当者', cn: '负责人', kr: '관리 담당자' },
  authority: { en: 'Permission', ja: '権限', cn: '权限', kr: '권한' },
  planCode: { en: 'Plan code', ja: 'プランコード', cn: '套餐代码', kr: '플랜 코드' },
  contractStart: { en: 'Contract start', ja: '契約開始日', cn: '合同开始日期', kr: '계약 시작일' },
  contractEnd: { en: 'Contract end', ja: '契約終了日', cn: '合同结束日期', kr: '계약 종료일' },
  licenseIssued: { en: 'License issued', ja: 'ライセンス発行', cn: '发放许可证', kr: '라이선스 발급' },
  logoEnabled: { en: 'Logo setting', ja: 'ロゴ設定', cn: '徽标设置', kr: '로고 설정' },
  language: { en: 'Language', ja: '言語', cn: '语言', kr: '언어' },
};

/** The values a cell may hold, as the template and the console's help describe them. */
export const USER_IMPORT_KIND_VALUES = ['oem_master', 'oem_admin', 'user', 'direct_user'] as const;
export const USER_IMPORT_BOOLEAN_VALUES = { yes: ['yes', 'y', '1', 'true'], no: ['no', 'n', '0', 'false'] };

/** Query of the three calls: the account the new users go under (default: the caller's own). */
export const ZUserImportQuery = z.object({ parentAccountId: z.string().optional() });
export type TUserImportQuery = z.infer<typeof ZUserImportQuery>;

export const ZUserImportRowError = z.object({
  /** The snake_case column (`email`, `plan_code`, ...), or `row` for the row as a whole. */
  field: z.string(),
  message: z.string(),
});

export const ZUserImportRow = z.object({
  /** 1-based line of the file where the row starts (the header is line 1). */
  line: z.number().int(),
  /** The cells as read, by column. */
  values: z.record(z.string(), z.string()),
  errors: z.array(ZUserImportRowError),
});
export type TUserImportRow = z.infer<typeof ZUserImportRow>;

export const ZUserImportPreview = z.object({
  rows: z.array(ZUserImportRow),
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** How the bytes were read: Excel in Japan saves "CSV" as Shift_JIS. */
  encoding: z.enum(['utf-8', 'shift_jis']),
});
export type TUserImportPreview = z.infer<typeof ZUserImportPreview>;

// POST /api/users/import/preview (raw CSV body): nothing is written.
export const ZUserImportPreviewResponse = envelope(ZUserImportPreview);

// POST /api/users/import (raw CSV body): all rows or none. With any row error the answer is 422
// whose `errors` carry `field: "rows.<line>.<column>"`.
export const ZUserImportResponse = envelope(z.object({ count: z.number().int() }));

/** The field of a 422 error for one cell: `rows.<line>.<column>`. */
export const importErrorField = (line: number, column: string) => `rows.${line}.${column}`;

/** Reads back `rows.<line>.<column>`; null for anything else. */
export function parseImportErrorField(field: string): { line: number; column: string } | null {
  const m = /^rows\.(\d+)\.(.+)$/.exec(field);
  return m ? { line: Number(m[1]), column: m[2]! } : null;
}
