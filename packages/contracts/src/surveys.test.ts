import { describe, expect, it } from 'vitest';
import {
  maxScore,
  scoreSurvey,
  surveyLanguageIssues,
  type TSurveyDocument,
  textIn,
  ZSurveyDocument,
  ZSurveyInput,
} from './surveys';

const option = (id: string, points: number) => ({ id, label: { JP: id }, points });
const doc = (): TSurveyDocument =>
  ZSurveyDocument.parse({
    title: { JP: '診断', EN: 'Check' },
    description: {},
    resultText: { EN: 'Thanks' },
    questions: [
      { id: 'q1', text: { JP: '一' }, options: [option('a', 0), option('b', 5), option('c', 10)] },
      {
        id: 'q2',
        text: { JP: '二' },
        multiple: true,
        options: [option('x', 3), option('y', 4), option('z', -2)],
      },
      { id: 'q3', text: { JP: '三' }, isRequired: false, options: [option('n', -5), option('m', -1)] },
    ],
  });

describe('maxScore', () => {
  it('adds the best option of single questions and every positive option of multiple ones', () => {
    expect(maxScore(doc())).toBe(10 + 7 + 0);
  });
});

describe('scoreSurvey', () => {
  it('adds the points of the chosen options', () => {
    const r = scoreSurvey(doc(), [
      { questionId: 'q1', optionIds: ['b'] },
      { questionId: 'q2', optionIds: ['x', 'z', 'x'] },
      { questionId: 'q3', optionIds: ['m'] },
    ]);
    expect(r.issues).toEqual([]);
    expect(r.total).toBe(5 + 3 - 2 - 1);
    expect(r.scored).toEqual([
      { questionId: 'q1', optionIds: ['b'], points: 5 },
      { questionId: 'q2', optionIds: ['x', 'z'], points: 1 },
      { questionId: 'q3', optionIds: ['m'], points: -1 },
    ]);
  });

  it('requires the required questions only', () => {
    const r = scoreSurvey(doc(), [{ questionId: 'q2', optionIds: [] }]);
    expect(r.issues).toEqual([
      { field: 'q_q1', message: 'sites.itemRequired' },
      { field: 'q_q2', message: 'sites.itemRequired' },
    ]);
    expect(
      scoreSurvey(doc(), [
        { questionId: 'q1', optionIds: ['a'] },
        { questionId: 'q2', optionIds: ['y'] },
      ]).issues,
    ).toEqual([]);
  });

  it('refuses an answer to a question the survey does not have, and the same question twice', () => {
    const r = scoreSurvey(doc(), [
      { questionId: 'q1', optionIds: ['a'] },
      { questionId: 'q2', optionIds: ['x'] },
      { questionId: 'q9', optionIds: ['a'] },
    ]);
    expect(r.issues).toEqual([{ field: 'q_q9', message: 'visitors.invalidOption' }]);
    const twice = scoreSurvey(doc(), [
      { questionId: 'q1', optionIds: ['a'] },
      { questionId: 'q1', optionIds: ['c'] },
      { questionId: 'q2', optionIds: ['x'] },
    ]);
    expect(twice.issues).toEqual([{ field: 'q_q1', message: 'visitors.invalidOption' }]);
  });

  it('refuses several options on a single question and options of another question', () => {
    const r = scoreSurvey(doc(), [
      { questionId: 'q1', optionIds: ['a', 'b'] },
      { questionId: 'q2', optionIds: ['a'] },
    ]);
    expect(r.issues).toEqual([
      { field: 'q_q1', message: 'visitors.invalidOption' },
      { field: 'q_q2', message: 'visitors.invalidOption' },
    ]);
    expect(r.total).toBe(0);
  });
});

describe('ZSurveyDocument', () => {
  const issues = (input: unknown) => {
    const r = ZSurveyDocument.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };
  const base = () => JSON.parse(JSON.stringify(doc())) as TSurveyDocument;

  it('takes a valid survey and fills in the defaults', () => {
    const parsed = ZSurveyDocument.parse({
      title: { EN: 'T' },
      questions: [{ id: 'q', text: { EN: 'Q' }, options: [{ id: 'o', label: { EN: 'O' } }] }],
      description: {},
      resultText: {},
    });
    expect(parsed.questions[0]).toMatchObject({ isRequired: true, multiple: false });
    expect(parsed.questions[0]!.options[0]!.points).toBe(0);
  });

  it('needs a title, a question, options, texts and unique ids', () => {
    expect(issues({ ...base(), title: { JP: '' } })).toEqual(['title:sites.itemRequired']);
    expect(issues({ ...base(), questions: [] })).toEqual(['questions:surveys.questionsRequired']);
    const d = base();
    d.questions[0]!.options = [];
    expect(issues(d)).toEqual(['questions.0.options:surveys.optionsRequired']);
    const dup = base();
    dup.questions[1]!.id = 'q1';
    dup.questions[1]!.options[1]!.id = 'x';
    dup.questions[0]!.text = { JP: '  ' };
    expect(issues(dup)).toEqual([
      'questions.0.text:sites.itemRequired',
      'questions.1.id:common.invalid',
      'questions.1.options.1.id:common.invalid',
    ]);
  });

  it('refuses bad ids, fractional and out-of-range points, and too long texts', () => {
    const d = base();
    d.questions[0]!.id = 'has space';
    d.questions[0]!.options[0]!.points = 1.5;
    d.questions[0]!.options[1]!.points = 5000;
    d.questions[1]!.text = { JP: 'x'.repeat(201) };
    expect(issues(d)).toEqual([
      'questions.0.id:common.invalid',
      'questions.0.options.0.points:sites.wholeNumber',
      expect.stringMatching(/^questions\.0\.options\.1\.points:/),
      'questions.1.text.JP:common.tooLong',
    ]);
  });
});

describe('ZSurveyInput', () => {
  it('needs a name', () => {
    const r = ZSurveyInput.safeParse({ name: ' ', document: doc() });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['name'], message: 'common.required' });
  });
});

describe('surveyLanguageIssues and textIn', () => {
  it("names texts outside the site's languages and a title missing in the default one", () => {
    const d = doc();
    d.questions[0]!.options[0]!.label = { KR: '아니요' };
    expect(surveyLanguageIssues(d, ['JP', 'EN'], 'JP')).toEqual([
      { path: ['questions', 0, 'options', 0, 'label', 'KR'], message: 'surveys.languageNotOnSite' },
    ]);
    expect(surveyLanguageIssues(doc(), ['JP', 'EN', 'CN'], 'CN')).toEqual([
      { path: ['title', 'CN'], message: 'surveys.defaultTitleRequired' },
    ]);
  });

  it('falls back to the default language, then to any language', () => {
    expect(textIn({ JP: '一', EN: 'one' }, 'EN', 'JP')).toBe('one');
    expect(textIn({ JP: '一' }, 'EN', 'JP')).toBe('一');
    expect(textIn({ KR: '하나' }, 'EN', 'JP')).toBe('하나');
    expect(textIn({}, 'EN')).toBe('');
  });
});
