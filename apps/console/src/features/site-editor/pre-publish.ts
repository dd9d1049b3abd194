import {
  SITE_FINDING_CODES,
  type TFindingSeverity,
  type TSiteFinding,
  type TSiteFindingCode,
} from '@swipe/contracts/site-check';
import { POPUP_KINDS, type TPopupKind, type TSiteLanguage } from '@swipe/contracts/sites';

// What the pre-publish panel shows of the check's findings (packages/contracts/src/site-check.ts):
// grouped by severity, then by rule, each finding named by where it is.

export type TFindingGroup = { code: TSiteFindingCode; findings: TSiteFinding[] };

/** The findings of one severity, by rule in the rules' order (a rule with none left out). */
export function groupFindings(
  findings: readonly TSiteFinding[],
  severity: TFindingSeverity,
): TFindingGroup[] {
  return SITE_FINDING_CODES.map((code) => ({
    code,
    findings: findings.filter((f) => f.severity === severity && f.code === code),
  })).filter((g) => g.findings.length > 0);
}

/** Where a finding is, as the panel names it: language, page, product, popup or a site-wide image. */
export type TFindingPlace = {
  lang?: TSiteLanguage;
  page?: string;
  /** 1-based, as the page form numbers products. */
  product?: number;
  popup?: TPopupKind;
  asset?: 'logo' | 'favicon';
};

export function findingPlace(f: TSiteFinding): TFindingPlace {
  const place: TFindingPlace = {};
  if (f.lang) place.lang = f.lang;
  if (f.page) place.page = f.page;
  const product = /\.products\.(\d+)\./.exec(f.path);
  if (product) place.product = Number(product[1]) + 1;
  const popup = /^popupCtas\.(\w+)\./.exec(f.path)?.[1];
  if (popup && (POPUP_KINDS as readonly string[]).includes(popup)) place.popup = popup as TPopupKind;
  if (f.path === 'logo' || f.path === 'favicon') place.asset = f.path;
  return place;
}
