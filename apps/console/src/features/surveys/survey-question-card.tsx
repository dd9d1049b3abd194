import {
  ActionIcon,
  Button,
  Card,
  Group,
  NumberInput,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { TSiteLanguage } from '@swipe/contracts/sites';
import { SURVEY_POINTS_MAX, SURVEY_TEXT_MAX, type TSurveyQuestion } from '@swipe/contracts/surveys';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IconTool } from '../../app/icon-tool';
import { canAddOption, emptyOption } from './survey-draft';

/**
 * One question of the survey builder in the active language: its text, required and several
 * answers, its answer options with their points, and moving or removing it.
 */
export function SurveyQuestionCard({
  index,
  count,
  question,
  tab,
  errors,
  readOnly,
  defaultLanguage,
  onChange,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  question: TSurveyQuestion;
  tab: TSiteLanguage;
  errors: Record<string, string>;
  readOnly: boolean;
  defaultLanguage: TSiteLanguage;
  /** An edit of this question; edits of one `field` (its error path) in a row are one undo step. */
  onChange: (fn: (q: TSurveyQuestion) => void, field?: string) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const path = `document.questions.${index}`;
  const icon = (
    label: string,
    disabled: boolean,
    onClick: () => void,
    child: React.ReactNode,
    testId: string,
  ) => (
    <IconTool
      label={label}
      icon={child}
      onClick={onClick}
      disabled={readOnly || disabled}
      testId={testId}
      look="subtle"
    />
  );
  return (
    <Card withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="survey-question">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={600} size="sm">
            {t('surveys.builder.question', { n: index + 1 })}
          </Text>
          <Group gap={2} wrap="nowrap">
            {icon(
              t('surveys.builder.moveUp'),
              index === 0,
              () => onMove(-1),
              <IconArrowUp size={17} />,
              'survey-question-up',
            )}
            {icon(
              t('surveys.builder.moveDown'),
              index === count - 1,
              () => onMove(1),
              <IconArrowDown size={17} />,
              'survey-question-down',
            )}
            {icon(
              t('surveys.builder.removeQuestion'),
              count <= 1,
              onRemove,
              <IconTrash
                size={17}
                color={readOnly || count <= 1 ? undefined : 'var(--mantine-color-red-7)'}
              />,
              'survey-question-remove',
            )}
          </Group>
        </Group>
        <TextInput
          label={t('surveys.builder.questionText')}
          value={question.text[tab] ?? ''}
          onChange={(e) => {
            const v = e.currentTarget.value;
            onChange((q) => {
              q.text[tab] = v;
            }, `${path}.text.${tab}`);
          }}
          error={errors[`${path}.text.${tab}`]}
          disabled={readOnly}
          maxLength={SURVEY_TEXT_MAX}
          withAsterisk={tab === defaultLanguage}
          data-testid="survey-question-text"
        />
        <Group gap="lg" wrap="wrap">
          <Switch
            label={t('surveys.builder.required')}
            checked={question.isRequired}
            onChange={(e) => {
              const v = e.currentTarget.checked;
              onChange((q) => {
                q.isRequired = v;
              });
            }}
            disabled={readOnly}
            data-testid="survey-question-required"
          />
          <Switch
            label={t('surveys.builder.multiple')}
            checked={question.multiple}
            onChange={(e) => {
              const v = e.currentTarget.checked;
              onChange((q) => {
                q.multiple = v;
              });
            }}
            disabled={readOnly}
            data-testid="survey-question-multiple"
          />
        </Group>
        <Text size="sm" fw={500} mt={4}>
          {t('surveys.builder.options')}
        </Text>
        {errors[`${path}.options`] && (
          <Text size="xs" c="red.7">
            {errors[`${path}.options`]}
          </Text>
        )}
        <Stack gap="xs">
          {question.options.map((o, j) => (
            <Group key={o.id} gap="xs" align="flex-start" wrap="nowrap" data-testid="survey-option">
              <TextInput
                aria-label={t('surveys.builder.optionLabel', { n: j + 1 })}
                placeholder={t('surveys.builder.optionLabel', { n: j + 1 })}
                value={o.label[tab] ?? ''}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  onChange((q) => {
                    q.options[j]!.label[tab] = v;
                  }, `${path}.options.${j}.label.${tab}`);
                }}
                error={errors[`${path}.options.${j}.label.${tab}`]}
                disabled={readOnly}
                maxLength={SURVEY_TEXT_MAX}
                style={{ flex: 1, minWidth: 0 }}
                data-testid="survey-option-label"
              />
              <NumberInput
                aria-label={t('surveys.builder.points')}
                placeholder={t('surveys.builder.points')}
                value={o.points}
                onChange={(v) => {
                  const n = typeof v === 'number' ? v : Number.parseInt(v, 10);
                  onChange((q) => {
                    q.options[j]!.points = Number.isFinite(n) ? n : 0;
                  }, `${path}.options.${j}.points`);
                }}
                error={errors[`${path}.options.${j}.points`]}
                disabled={readOnly}
                allowDecimal={false}
                min={-SURVEY_POINTS_MAX}
                max={SURVEY_POINTS_MAX}
                clampBehavior="strict"
                rightSection={
                  <Text size="xs" c="dimmed" pr={6}>
                    pt
                  </Text>
                }
                w={96}
                style={{ flexShrink: 0 }}
                data-testid="survey-option-points"
              />
              <Tooltip label={t('surveys.builder.removeOption')} withArrow>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  mt={4}
                  aria-label={t('surveys.builder.removeOption')}
                  disabled={readOnly || question.options.length <= 1}
                  onClick={() =>
                    onChange((q) => {
                      q.options.splice(j, 1);
                    })
                  }
                  data-testid="survey-option-remove"
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ))}
        </Stack>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={15} />}
          disabled={readOnly || !canAddOption(question)}
          onClick={() =>
            onChange((q) => {
              q.options.push(emptyOption());
            })
          }
          style={{ alignSelf: 'flex-start' }}
          data-testid="survey-add-option"
        >
          {t('surveys.builder.addOption')}
        </Button>
      </Stack>
    </Card>
  );
}
