import {
  Badge,
  Box,
  Button,
  Card,
  Group,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { TSiteLanguage } from '@swipe/contracts/sites';
import { maxScore, type TSurveyQuestion } from '@swipe/contracts/surveys';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { canAddQuestion, emptyQuestion, move, type TSurveyDraft } from './survey-draft';
import { SurveyQuestionCard } from './survey-question-card';

/**
 * The texts of the survey builder: one tab per site language (a dot marks a language with
 * errors) over the title, the description, the questions and the result text of that language.
 * Adding, moving and removing questions changes every language at once.
 */
export function SurveyLanguageTabs({
  site,
  draft,
  tab,
  onTab,
  errors,
  errorLanguages,
  readOnly,
  update,
}: {
  site: { languages: TSiteLanguage[]; defaultLanguage: TSiteLanguage };
  draft: TSurveyDraft;
  tab: TSiteLanguage;
  onTab: (tab: TSiteLanguage) => void;
  errors: Record<string, string>;
  errorLanguages: Set<TSiteLanguage>;
  readOnly: boolean;
  /** An edit; edits of one `field` (its error path) in a row are one undo step. */
  update: (fn: (d: TSurveyDraft) => TSurveyDraft, field?: string) => void;
}) {
  const { t } = useTranslation();
  const updateQuestion = (i: number, fn: (q: TSurveyQuestion) => void, field?: string) =>
    update((d) => {
      fn(d.document.questions[i]!);
      return d;
    }, field);

  const doc = draft.document;
  const textProps = (path: string, max: number) => ({
    error: errors[`${path}.${tab}`],
    disabled: readOnly,
    maxLength: max,
  });
  const setText = (
    field: string,
    pick: (d: TSurveyDraft) => Partial<Record<TSiteLanguage, string>>,
    value: string,
  ) =>
    update((d) => {
      pick(d)[tab] = value;
      return d;
    }, `${field}.${tab}`);

  return (
    <Card p={0}>
      <Tabs value={tab} onChange={(v) => v && onTab(v as TSiteLanguage)} keepMounted={false}>
        <Tabs.List px={{ base: 'xs', sm: 'md' }} pt="xs">
          {site.languages.map((l) => (
            <Tabs.Tab
              key={l}
              value={l}
              data-testid={`survey-lang-${l}`}
              rightSection={
                errorLanguages.has(l) ? (
                  <Tooltip label={t('surveys.builder.languageErrors')} withArrow>
                    <Box w={8} h={8} bg="red.6" style={{ borderRadius: 4 }} aria-hidden />
                  </Tooltip>
                ) : l === site.defaultLanguage ? (
                  <Badge size="xs" variant="light" radius="sm" tt="none">
                    {t('surveys.builder.defaultLanguage')}
                  </Badge>
                ) : undefined
              }
            >
              {t(`surveys.languages.${l}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Stack gap="md" p={{ base: 'md', sm: 'lg' }}>
        <Text size="sm" c="dimmed">
          {t('surveys.builder.textsHint')}
        </Text>
        <TextInput
          label={t('surveys.builder.surveyTitle')}
          value={doc.title[tab] ?? ''}
          onChange={(e) => setText('document.title', (d) => d.document.title, e.currentTarget.value)}
          withAsterisk={tab === site.defaultLanguage}
          {...textProps('document.title', 64)}
          data-testid="survey-title"
        />
        <Textarea
          label={t('surveys.builder.description')}
          value={doc.description[tab] ?? ''}
          onChange={(e) =>
            setText('document.description', (d) => d.document.description, e.currentTarget.value)
          }
          autosize
          minRows={2}
          maxRows={6}
          {...textProps('document.description', 2000)}
          data-testid="survey-description"
        />

        <Group justify="space-between" align="baseline" mt="sm" gap="xs">
          <Text fw={650} component="h3" m={0}>
            {t('surveys.builder.questions')}
          </Text>
          <Text size="sm" c="dimmed" data-testid="survey-max-score">
            {t('surveys.builder.maxScore', { score: maxScore(doc) })}
          </Text>
        </Group>
        {errors['document.questions'] && (
          <Text size="sm" c="red.7">
            {errors['document.questions']}
          </Text>
        )}

        {doc.questions.map((q, i) => (
          <SurveyQuestionCard
            key={q.id}
            index={i}
            count={doc.questions.length}
            question={q}
            tab={tab}
            errors={errors}
            readOnly={readOnly}
            defaultLanguage={site.defaultLanguage}
            onChange={(fn, field) => updateQuestion(i, fn, field)}
            onMove={(by) =>
              update((d) => {
                d.document.questions = move(d.document.questions, i, by);
                return d;
              })
            }
            onRemove={() =>
              update((d) => {
                d.document.questions.splice(i, 1);
                return d;
              })
            }
          />
        ))}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={readOnly || !canAddQuestion(draft)}
          onClick={() =>
            update((d) => {
              d.document.questions.push(emptyQuestion());
              return d;
            })
          }
          style={{ alignSelf: 'flex-start' }}
          data-testid="survey-add-question"
        >
          {t('surveys.builder.addQuestion')}
        </Button>

        <Textarea
          mt="sm"
          label={t('surveys.builder.resultText')}
          description={t('surveys.builder.resultTextHint')}
          value={doc.resultText[tab] ?? ''}
          onChange={(e) =>
            setText('document.resultText', (d) => d.document.resultText, e.currentTarget.value)
          }
          autosize
          minRows={2}
          maxRows={6}
          {...textProps('document.resultText', 2000)}
          data-testid="survey-result-text"
        />
      </Stack>
    </Card>
  );
}
