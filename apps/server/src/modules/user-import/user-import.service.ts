import type { TUiLanguage } from '@swipe/contracts/i18n';
import { jstDay } from '@swipe/contracts/jst-format';
import { isMessageKey, translate } from '@swipe/contracts/messages';
import type { TAccountType } from '@swipe/contracts/roles';
import {
  importErrorField,
  type TUserImportPreview,
  USER_IMPORT_COLUMNS,
  USER_IMPORT_HEADERS,
  USER_IMPORT_MAX_CELL_CHARS,
  USER_IMPORT_MAX_COLUMNS,
  USER_IMPORT_MAX_ROWS,
} from '@swipe/contracts/user-import';
import {
  creatableKinds,
  KIND_ACCOUNT,
  minimumContractEnd,
  type TCreateUserInput,
  ZCreateUserBody,
} from '@swipe/contracts/users';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { plans } from '../../db/schema/plans';
import { audit } from '../../platform/audit';
import type { TAppContext, TCaller } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { getVisibleAccount } from '../accounts/accounts.service';
import { createManagedUsers, validateNewUsers } from '../users/users.service';
import { CsvLimitError, CsvSyntaxError, formatCsv, type parseCsv, parseCsvYielding } from './csv';
import { notCsv } from './csv-body';
import { decodeCsvBytes, looksBinary, type TCsvEncoding } from './csv-bytes';
import {
  columnOfField,
  isBlankRecord,
  readHeader,
  rowValues,
  type TRowIssue,
  toCreateBody,
} from './import-rows';

// CSV import: each row creates a user exactly as the create-user form does. Reading and
// checking the file is done here; what "creating a user" means belongs to the users service.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The account new users go under: the caller's own unless another one of its subtree is named. */
async function resolveParent(ctx: TAppContext, caller: TCaller, parentAccountId?: string) {
  const id = parentAccountId?.trim() || caller.accountId;
  if (!UUID.test(id)) throw new AppError(404, 'NOT_FOUND', 'common.notFound');
  return getVisibleAccount(ctx, { caller, accountId: id });
}

/** Plan codes of the versions new contracts may use (current and not retired). */
async function currentPlanIds(ctx: TAppContext) {
  const rows = await ctx.db
    .select({ id: plans.id, code: plans.code })
    .from(plans)
    .where(and(eq(plans.isCurrent, true), isNull(plans.retiredAt)));
  return new Map(rows.map((r) => [r.code.toLowerCase(), r.id]));
}

const EXAMPLE_NAMES: Record<TUiLanguage, { company: string; contact: string; manager: string }> = {
  en: { company: 'Example Co., Ltd.', contact: 'Taro Yamada', manager: 'Hanako Sato' },
  ja: { company: '株式会社サンプル', contact: '山田 太郎', manager: '佐藤 花子' },
  cn: { company: '示例有限公司', contact: '王伟', manager: '李娜' },
  kr: { company: '주식회사 샘플', contact: '김민준', manager: '이서연' },
};

/** Today in JST, where contract dates live. */
const todayJst = () => jstDay(new Date());

/** GET /api/users/import/template: the header in the caller's language and one row that imports. */
export async function buildTemplate(
  ctx: TAppContext,
  opts: { caller: TCaller; parentAccountId?: string; lang: TUiLanguage },
) {
  const parent = await resolveParent(ctx, opts.caller, opts.parentAccountId);
  const kinds = creatableKinds(opts.caller.actingRole, parent.type as TAccountType);
  // The last creatable kind is the everyday one: a company under an OEM, a direct user at the top.
  const kind = kinds.at(-1);
  if (!kind) throw new AppError(400, 'VALIDATION_FAILED', 'userImport.noCreatableKind');
  const names = EXAMPLE_NAMES[opts.lang];
  const start = todayJst();
  const ownAccount = KIND_ACCOUNT[kind].newAccount;
  const example: Record<(typeof USER_IMPORT_COLUMNS)[number], string> = {
    kind: kind.toLowerCase(),
    companyName: ownAccount ? names.company : '',
    email: 'new.user@example.com',
    contactName: names.contact,
    managerName: names.manager,
    authority: 'edit',
    planCode: ownAccount ? 'standard' : '',
    contractStart: ownAccount ? start : '',
    contractEnd: ownAccount ? minimumContractEnd(start) : '',
    licenseIssued: 'no',
    logoEnabled: 'no',
    language: opts.lang,
  };
  const csv = formatCsv([
    USER_IMPORT_COLUMNS.map((c) => USER_IMPORT_HEADERS[c][opts.lang]),
    USER_IMPORT_COLUMNS.map((c) => example[c]),
  ]);
  // The BOM makes Excel open the file as UTF-8 instead of the machine's code page.
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv, 'utf8')]);
}

type TAnalysedRow = {
  line: number;
  values: Record<string, string>;
  issues: TRowIssue[];
  input?: TCreateUserInput;
};

function zodIssue(issue: z.core.$ZodIssue): TRowIssue {
  const raw = issue as unknown as {
    params?: Record<string, string | number>;
    maximum?: number;
    minimum?: number;
  };
  const params = raw.params ?? {
    ...(typeof raw.maximum === 'number' ? { max: raw.maximum } : {}),
    ...(typeof raw.minimum === 'number' ? { min: raw.minimum } : {}),
  };
  const messageKey = isMessageKey(issue.message)
    ? issue.message
    : issue.code === 'too_big'
      ? 'common.tooLong'
      : issue.code === 'invalid_type' && issue.input === undefined
        ? 'common.required'
        : 'common.invalid';
  return { field: columnOfField(issue.path.map(String).join('.')), messageKey, params };
}

const limitPassed = (error: CsvLimitError) =>
  error.limit === 'records'
    ? new AppError(400, 'VALIDATION_FAILED', 'userImport.tooManyRows', { max: USER_IMPORT_MAX_ROWS })
    : error.limit === 'cells'
      ? new AppError(400, 'VALIDATION_FAILED', 'userImport.tooManyColumns', {
          line: error.line,
          max: USER_IMPORT_MAX_COLUMNS,
        })
      : new AppError(400, 'VALIDATION_FAILED', 'userImport.valueTooLong', {
          line: error.line,
          max: USER_IMPORT_MAX_CELL_CHARS,
        });

/** Reads the file and checks every row as the create-user call would, writing nothing. */
async function analyse(
  ctx: TAppContext,
  opts: { caller: TCaller; bytes: unknown; parentAccountId?: string },
) {
  const parent = await resolveParent(ctx, opts.caller, opts.parentAccountId);
  if (!Buffer.isBuffer(opts.bytes)) throw notCsv(415);
  if (opts.bytes.length === 0 || looksBinary(opts.bytes)) throw notCsv(415);
  const { text, encoding } = decodeCsvBytes(opts.bytes);

  let records: ReturnType<typeof parseCsv>;
  try {
    // Blank lines are dropped as they are read, and reading stops at the first row, column or
    // value past the limits: a 5 MB file of empty lines or one-letter rows costs next to nothing.
    records = await parseCsvYielding(text, {
      skipBlank: true,
      maxRecords: USER_IMPORT_MAX_ROWS + 1,
      maxCells: USER_IMPORT_MAX_COLUMNS,
      maxCellChars: USER_IMPORT_MAX_CELL_CHARS,
    });
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw new AppError(400, 'VALIDATION_FAILED', 'userImport.unterminatedQuote', { line: error.line });
    if (error instanceof CsvLimitError) throw limitPassed(error);
    throw error;
  }
  const headerIndex = records.findIndex((r) => !isBlankRecord(r));
  if (headerIndex < 0) throw notCsv(400);
  const header = readHeader(records[headerIndex]!.cells);
  if (!header.ok) throw new AppError(400, 'VALIDATION_FAILED', header.messageKey, header.params);
  const dataRecords = records.slice(headerIndex + 1).filter((r) => !isBlankRecord(r));
  if (dataRecords.length === 0) throw new AppError(400, 'VALIDATION_FAILED', 'userImport.empty');
  if (dataRecords.length > USER_IMPORT_MAX_ROWS)
    throw new AppError(400, 'VALIDATION_FAILED', 'userImport.tooManyRows', { max: USER_IMPORT_MAX_ROWS });

  const planIds = await currentPlanIds(ctx);
  const rows: TAnalysedRow[] = dataRecords.map((record) => {
    const values = rowValues(record, header.columns);
    const { body, issues } = toCreateBody(values, { parentAccountId: parent.id, planIds });
    const parsed = ZCreateUserBody.safeParse(body);
    if (parsed.success)
      return { line: record.line, values, issues, input: issues.length ? undefined : parsed.data };
    // A cell that could not be read already says why; the schema would only repeat it.
    const known = new Set(issues.map((i) => i.field));
    for (const issue of parsed.error.issues.map(zodIssue)) {
      if (known.has(issue.field)) continue;
      known.add(issue.field);
      issues.push(issue);
    }
    return { line: record.line, values, issues };
  });

  // Database-level checks (email taken, duplicates in the file, kind not allowed here, plan) come
  // from the users service, for the rows the form would have accepted.
  const checkable = rows.filter((r) => r.input);
  if (checkable.length) {
    const found = await validateNewUsers(ctx, {
      caller: opts.caller,
      inputs: checkable.map((r) => r.input!),
    });
    checkable.forEach((row, i) => {
      const errors = found[i] ?? [];
      if (errors.length === 0) return;
      row.input = undefined;
      for (const e of errors)
        row.issues.push({ field: columnOfField(e.field), messageKey: e.message, params: e.params });
    });
  }
  return { parent, rows, encoding };
}

const toPreview = (rows: TAnalysedRow[], encoding: TCsvEncoding, lang: TUiLanguage): TUserImportPreview => {
  const invalid = rows.filter((r) => r.issues.length > 0).length;
  return {
    rows: rows.map((r) => ({
      line: r.line,
      values: r.values,
      errors: r.issues.map((i) => ({ field: i.field, message: translate(i.messageKey, lang, i.params) })),
    })),
    total: rows.length,
    valid: rows.length - invalid,
    invalid,
    encoding,
  };
};

/** POST /api/users/import/preview */
export async function previewImport(
  ctx: TAppContext,
  opts: { caller: TCaller; bytes: unknown; parentAccountId?: string; lang: TUiLanguage },
) {
  const { rows, encoding } = await analyse(ctx, opts);
  return toPreview(rows, encoding, opts.lang);
}

/** POST /api/users/import: every row or none; any row error is a 422 carrying all of them. */
export async function importUsers(
  ctx: TAppContext,
  opts: { caller: TCaller; bytes: unknown; parentAccountId?: string; ip?: string },
) {
  const { parent, rows, encoding } = await analyse(ctx, opts);
  const failed = rows.filter((r) => r.issues.length > 0);
  if (failed.length > 0)
    throw new AppError(
      422,
      'VALIDATION_FAILED',
      'userImport.hasErrors',
      { count: failed.length },
      failed.flatMap((r) =>
        r.issues.map((i) => ({
          field: importErrorField(r.line, i.field),
          messageKey: i.messageKey,
          params: i.params,
        })),
      ),
    );
  const created = await createManagedUsers(ctx, {
    caller: opts.caller,
    inputs: rows.map((r) => r.input!),
    action: 'USER_IMPORTED',
    ip: opts.ip,
  });
  await audit(ctx.db, {
    action: 'users.imported',
    actorUserId: opts.caller.userId,
    accountId: parent.id,
    targetType: 'account',
    targetId: parent.id,
    details: {
      count: created.length,
      encoding,
      kinds: [...new Set(created.map((u) => u.kind))],
      userIds: created.map((u) => u.id),
    },
    ip: opts.ip,
  });
  return { count: created.length };
}
