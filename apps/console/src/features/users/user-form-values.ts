import type { TUiLanguage } from '@swipe/contracts/i18n';
import type { TAuthority } from '@swipe/contracts/roles';
import {
  CONTRACT_MINIMUM_MONTHS,
  KIND_ACCOUNT,
  minimumContractEnd,
  type TCreateUserBody,
  type TUpdateUserBody,
  type TUserDetail,
  type TUserKind,
  ZCreateUserBody,
  ZUpdateUserBody,
} from '@swipe/contracts/users';
import { z } from 'zod';
import { todayJst } from '../../app/format';

// The create and update forms hold plain strings and booleans; these turn them into the
// contracts' request bodies, and the console validates exactly what it is about to send.

export type TCreateValues = {
  parentAccountId: string;
  kind: TUserKind;
  companyName: string;
  email: string;
  contactName: string;
  managerName: string;
  authority: TAuthority;
  planId: string;
  contractStartDate: string;
  contractEndDate: string;
  licenseIssued: boolean;
  logoEnabled: boolean;
  language: TUiLanguage;
};

export function createDefaults(
  parentAccountId: string,
  kind: TUserKind,
  language: TUiLanguage,
  now = new Date(),
): TCreateValues {
  const start = todayJst(now);
  return {
    parentAccountId,
    kind,
    companyName: '',
    email: '',
    contactName: '',
    managerName: '',
    authority: 'EDIT',
    planId: '',
    contractStartDate: start,
    contractEndDate: minimumContractEnd(start),
    licenseIssued: false,
    logoEnabled: false,
    language,
  };
}

const orUndefined = (v: string) => (v.trim() ? v : undefined);

/** An OEM admin joins the parent account, so the account and contract fields are not sent. */
export function toCreateBody(v: TCreateValues): TCreateUserBody {
  const common = {
    parentAccountId: v.parentAccountId,
    kind: v.kind,
    email: v.email,
    contactName: v.contactName,
    managerName: v.managerName,
    authority: v.authority,
    language: v.language,
  };
  if (!KIND_ACCOUNT[v.kind]?.newAccount) return common;
  return {
    ...common,
    companyName: v.companyName,
    planId: orUndefined(v.planId),
    contractStartDate: orUndefined(v.contractStartDate),
    contractEndDate: orUndefined(v.contractEndDate),
    licenseIssued: v.licenseIssued,
    logoEnabled: v.logoEnabled,
  };
}

export const ZCreateForm = z.preprocess((v) => toCreateBody(v as TCreateValues), ZCreateUserBody);

/** When the start date moves, an end date that was at (or now below) the minimum follows it. */
export function followStartDate(
  values: Pick<TCreateValues, 'contractStartDate' | 'contractEndDate'>,
  nextStart: string,
) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(nextStart)) return values.contractEndDate;
  const previousMin = /^\d{4}-\d{2}-\d{2}$/.test(values.contractStartDate)
    ? minimumContractEnd(values.contractStartDate)
    : '';
  const nextMin = minimumContractEnd(nextStart);
  if (!values.contractEndDate || values.contractEndDate === previousMin || values.contractEndDate < nextMin)
    return nextMin;
  return values.contractEndDate;
}

export type TUpdateValues = {
  companyName: string;
  email: string;
  contactName: string;
  managerName: string;
  authority: TAuthority;
  licenseIssued: boolean;
  logoEnabled: boolean;
  contractEndDate: string;
};

export function updateDefaults(d: TUserDetail): TUpdateValues {
  return {
    companyName: d.companyName,
    email: d.email,
    contactName: d.contactName,
    managerName: d.managerName ?? '',
    authority: d.authority,
    licenseIssued: d.contract?.licenseIssued ?? false,
    logoEnabled: d.logoEnabled,
    contractEndDate: d.contract?.endDate ?? '',
  };
}

type TUpdateContext = Pick<TUserDetail, 'ownsContract' | 'contract'>;

/**
 * A user who works under another account's contract (an OEM admin) edits only their own
 * details; the end date is sent only when it changed.
 */
export function toUpdateBody(v: TUpdateValues, d: TUpdateContext): TUpdateUserBody {
  const body: TUpdateUserBody = {
    email: v.email,
    contactName: v.contactName,
    managerName: v.managerName,
    authority: v.authority,
  };
  if (!d.ownsContract) return body;
  body.companyName = v.companyName;
  body.logoEnabled = v.logoEnabled;
  if (d.contract) {
    body.licenseIssued = v.licenseIssued;
    if (v.contractEndDate !== d.contract.endDate) body.contractEndDate = v.contractEndDate;
  }
  return body;
}

export const updateSchema = (d: TUpdateContext) =>
  z.preprocess(
    (v) => toUpdateBody(v as TUpdateValues, d),
    ZUpdateUserBody.superRefine((body, ctx) => {
      const start = d.contract?.startDate;
      if (start && body.contractEndDate && body.contractEndDate < minimumContractEnd(start))
        ctx.addIssue({
          code: 'custom',
          path: ['contractEndDate'],
          message: 'users.contractMinimum',
          params: { min: CONTRACT_MINIMUM_MONTHS },
        });
    }),
  );
