import type { TUiLanguage } from '@swipe/contracts/i18n';
import { translate } from '@swipe/contracts/messages';
import type { TSiteLanguage } from '@swipe/contracts/sites';
import {
  SURVEY_OPTIONS_MAX,
  SURVEY_QUESTIONS_MAX,
  surveyLanguageIssues,
  type TSurveyDetail,
  type TSurveyDocument,
  type TSurveyQuestion,
  type TTranslations,
  ZSurveyInput,
} from '@swipe/contracts/surveys';
import { issueText } from '../../app/forms';

// The survey builder's state and rules, kept pure so they are unit-tested: a draft is what the
// API takes (ZSurveyInput); edits return a new draft; errors are keyed by the field path the
// server uses too ('document.questions.0.text.JP').

export type TSurveyDraft = {
  name: string;
  isOpen: boolean;
  allowMultiple: boolean;
  document: TSurveyDocument;
};

/** A short id, unique enough inside one survey (the contract allows [A-Za-z0-9_-]{1,32}). */
export const newId = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 10)}`;

export const emptyOption = () => ({ id: newId('o'), label: {}, points: 0 });
export const emptyQuestion = (): TSurveyQuestion => ({
  id: newId('q'),
  text: {},
  isRequired: true,
  multiple: false,
  options: [emptyOption(), emptyOption()],
});

export const emptyDraft = (): TSurveyDraft => ({
  name: '',
  isOpen: true,
  allowMultiple: false,
  document: { title: {}, description: {}, resultText: {}, questions: [emptyQuestion()] },
});

export const draftOf = (survey: TSurveyDetail): TSurveyDraft => ({
  name: survey.name,
  isOpen: survey.isOpen,
  allowMultiple: survey.allowMultiple,
  document: survey.document,
});

export const canAddQuestion = (d: TSurveyDraft) => d.document.questions.length < SURVEY_QUESTIONS_MAX;
export const canAddOption = (q: TSurveyQuestion) => q.options.length < SURVEY_OPTIONS_MAX;

/** Moves an item of a list one place up (-1) or down (+1); out of range changes nothing. */
export function move<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** Only the site's languages, and no empty texts: what is saved. */
export function forSave(draft: TSurveyDraft, languages: readonly TSiteLanguage[]): TSurveyDraft {
  const keep = (t: TTranslations): TTranslations =>
    Object.fromEntries(
      Object.entries(t).filter(([lang, text]) => languages.includes(lang as TSiteLanguage) && text?.trim()),
    );
  const doc = draft.document;
  return {
    ...draft,
    name: draft.name.trim(),
    document: {
      title: keep(doc.title),
      description: keep(doc.description),
      resultText: keep(doc.resultText),
      questions: doc.questions.map((q) => ({
        ...q,
        text: keep(q.text),
        options: q.options.map((o) => ({ ...o, label: keep(o.label) })),
      })),
    },
  };
}

/**
 * The contracts' rules on the draft as the builder shows them. A rule about a text in no
 * language ('document.title') is shown on the default language's field.
 */
export function draftErrors(
  draft: TSurveyDraft,
  site: { languages: readonly TSiteLanguage[]; defaultLanguage: TSiteLanguage },
  lang: TUiLanguage,
): Record<string, string> {
  const saved = forSave(draft, site.languages);
  const errors: Record<string, string> = {};
  const put = (path: string, text: string) => {
    errors[path] ??= text;
  };
  const result = ZSurveyInput.safeParse(saved);
  if (!result.success)
    for (const issue of result.error.issues) {
      let path = issue.path.map(String).join('.');
      if (/(^document\.title|\.text|\.label)$/.test(path)) path = `${path}.${site.defaultLanguage}`;
      put(path, issueText(issue as Parameters<typeof issueText>[0], lang));
    }
  else
    for (const issue of surveyLanguageIssues(result.data.document, site.languages, site.defaultLanguage))
      put(['document', ...issue.path].join('.'), translate(issue.message, lang));
  return errors;
}

/** The languages whose fields hold an error (their tab is marked). */
export const languagesWithErrors = (errors: Record<string, string>) =>
  new Set(
    Object.keys(errors)
      .map((k) => /\.(JP|EN|KR|CN)$/.exec(k)?.[1])
      .filter(Boolean) as TSiteLanguage[],
  );
