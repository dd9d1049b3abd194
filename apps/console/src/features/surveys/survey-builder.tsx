import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Skeleton,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import type { TSiteLanguage } from '@swipe/contracts/sites';
import { maxScore, SURVEY_POINTS_MAX, SURVEY_TEXT_MAX, type TSurveyQuestion } from '@swipe/contracts/surveys';
import {
  IconAlertTriangle,
  IconArrowDown,
  IconArrowLeft,
  IconArrowUp,
  IconDeviceFloppy,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ApiError } from '../../app/api-client';
import { notifyError, notifySuccess } from '../../app/notify';
import { WriteButton } from '../../app/write-control';
import {
  canAddOption,
  canAddQuestion,
  draftErrors,
  draftOf,
  emptyDraft,
  emptyOption,
  emptyQuestion,
  forSave,
  languagesWithErrors,
  move,
  type TSurveyDraft,
} from './survey-draft';
import { surveyKeys, surveysApi } from './surveys-api';

type TSite = { id: string; languages: TSiteLanguage[]; defaultLanguage: TSiteLanguage };
type TLock = { locked: boolean; reason: string };

/**
 * Builds or edits one survey: settings, then the texts of the active language (one tab per
 * site language) with the questions and their options. The structure (required, several
 * answers, points, order) is the same in every language. Checked with the contracts' rules as
 * you type once a save was tried; leaving with unsaved changes asks first.
 */
export function SurveyBuilder({
  site,
  surveyId,
  write,
  onDone,
}: {
  site: TSite;
  /** null: a new survey. */
  surveyId: string | null;
  write: TLock;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const existing = useQuery({
    queryKey: surveyKeys.detail(surveyId ?? ''),
    queryFn: ({ signal }) => surveysApi.get(surveyId!, { signal, toast: false }),
    enabled: surveyId !== null,
    retry: false,
  });
  if (surveyId !== null && existing.isPending)
    return (
      <Stack gap="md" data-testid="survey-builder-loading">
        <Skeleton h={120} radius="md" />
        <Skeleton h={320} radius="md" />
      </Stack>
    );
  if (surveyId !== null && existing.isError)
    return (
      <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="survey-not-found">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('surveys.builder.notFound')}</Text>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconArrowLeft size={15} />}
            onClick={onDone}
          >
            {t('surveys.builder.back')}
          </Button>
        </Stack>
      </Alert>
    );
  return (
    <BuilderForm
      key={surveyId ?? 'new'}
      site={site}
      surveyId={surveyId}
      initial={existing.data ? draftOf(existing.data.data) : emptyDraft()}
      write={write}
      onDone={onDone}
    />
  );
}

function BuilderForm({
  site,
  surveyId,
  initial,
  write,
  onDone,
}: {
  site: TSite;
  surveyId: string | null;
  initial: TSurveyDraft;
  write: TLock;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as TUiLanguage;
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(initial);
  const [saved, setSaved] = useState(() => JSON.stringify(initial));
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [tab, setTab] = useState<TSiteLanguage>(site.defaultLanguage);
  const readOnly = write.locked;
  const dirty = JSON.stringify(draft) !== saved;

  const clientErrors = useMemo(
    () => (tried ? draftErrors(draft, site, lang) : {}),
    [tried, draft, site, lang],
  );
  const errors = { ...serverErrors, ...clientErrors };
  const errorLanguages = languagesWithErrors(errors);

  const update = (fn: (d: TSurveyDraft) => TSurveyDraft) => {
    setServerErrors({});
    setDraft((d) => fn(structuredClone(d)));
  };
  const updateQuestion = (i: number, fn: (q: TSurveyQuestion) => void) =>
    update((d) => {
      fn(d.document.questions[i]!);
      return d;
    });

  const save = useMutation({
    mutationFn: async () => {
      const body = forSave(draft, site.languages);
      return surveyId
        ? surveysApi.save(surveyId, body, { toast: false })
        : surveysApi.create(site.id, body, { toast: false });
    },
    onSuccess: (res) => {
      notifySuccess(res.message ?? t('surveys.builder.save'));
      setSaved(JSON.stringify(draft));
      void queryClient.invalidateQueries({ queryKey: surveyKeys.all });
      queryClient.setQueryData(surveyKeys.detail(res.data.id), res);
      // Let the blocker see the saved state before leaving.
      setTimeout(onDone, 0);
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        setServerErrors(error.fieldErrors);
        notifyError(error.message);
      } else notifyError(error instanceof ApiError ? error.message : t('surveys.loadFailed'));
    },
  });

  const submit = () => {
    setTried(true);
    const now = draftErrors(draft, site, lang);
    const count = Object.keys(now).length;
    if (count > 0) {
      notifyError(t('surveys.builder.fixErrors', { count }));
      const first = languagesWithErrors(now);
      if (first.size > 0 && !first.has(tab)) setTab([...first][0]!);
      return;
    }
    save.mutate();
  };

  // Leaving with unsaved changes asks first: in the app (another page or view), and when the tab closes.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !save.isPending &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const doc = draft.document;
  const textProps = (path: string, max: number) => ({
    error: errors[`${path}.${tab}`],
    disabled: readOnly,
    maxLength: max,
  });
  const setText = (pick: (d: TSurveyDraft) => Partial<Record<TSiteLanguage, string>>, value: string) =>
    update((d) => {
      pick(d)[tab] = value;
      return d;
    });

  return (
    <Stack gap="lg" data-testid="survey-builder">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Button
          variant="subtle"
          size="compact-md"
          leftSection={<IconArrowLeft size={16} />}
          onClick={onDone}
          data-testid="survey-builder-back"
        >
          {t('surveys.builder.back')}
        </Button>
        <WriteButton
          locked={write.locked}
          reason={write.reason}
          leftSection={<IconDeviceFloppy size={18} />}
          loading={save.isPending}
          onClick={submit}
          data-testid="survey-save"
        >
          {t('surveys.builder.save')}
        </WriteButton>
      </Group>

      <Card p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Text fw={650} component="h2" m={0} fz="lg">
            {surveyId ? t('surveys.builder.editTitle') : t('surveys.builder.newTitle')}
          </Text>
          <TextInput
            label={t('surveys.builder.name')}
            value={draft.name}
            onChange={(e) => {
              const v = e.currentTarget.value;
              update((d) => ({ ...d, name: v }));
            }}
            error={errors.name}
            disabled={readOnly}
            maxLength={64}
            withAsterisk
            data-testid="survey-name"
          />
          <Group gap="xl" align="flex-start" wrap="wrap">
            <Switch
              label={t('surveys.builder.open')}
              description={t('surveys.builder.openHint')}
              checked={draft.isOpen}
              onChange={(e) => {
                const v = e.currentTarget.checked;
                update((d) => ({ ...d, isOpen: v }));
              }}
              disabled={readOnly}
              style={{ flex: '1 1 240px' }}
              data-testid="survey-open"
            />
            <Switch
              label={t('surveys.builder.allowMultiple')}
              description={t('surveys.builder.allowMultipleHint')}
              checked={draft.allowMultiple}
              onChange={(e) => {
                const v = e.currentTarget.checked;
                update((d) => ({ ...d, allowMultiple: v }));
              }}
              disabled={readOnly}
              style={{ flex: '1 1 240px' }}
              data-testid="survey-allow-multiple"
            />
          </Group>
        </Stack>
      </Card>

      <Card p={0}>
        <Tabs value={tab} onChange={(v) => v && setTab(v as TSiteLanguage)} keepMounted={false}>
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
            onChange={(e) => setText((d) => d.document.title, e.currentTarget.value)}
            withAsterisk={tab === site.defaultLanguage}
            {...textProps('document.title', 64)}
            data-testid="survey-title"
          />
          <Textarea
            label={t('surveys.builder.description')}
            value={doc.description[tab] ?? ''}
            onChange={(e) => setText((d) => d.document.description, e.currentTarget.value)}
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
            <QuestionCard
              key={q.id}
              index={i}
              count={doc.questions.length}
              question={q}
              tab={tab}
              errors={errors}
              readOnly={readOnly}
              defaultLanguage={site.defaultLanguage}
              onChange={(fn) => updateQuestion(i, fn)}
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
            onChange={(e) => setText((d) => d.document.resultText, e.currentTarget.value)}
            autosize
            minRows={2}
            maxRows={6}
            {...textProps('document.resultText', 2000)}
            data-testid="survey-result-text"
          />
        </Stack>
      </Card>

      <Group justify="flex-end">
        <WriteButton
          locked={write.locked}
          reason={write.reason}
          leftSection={<IconDeviceFloppy size={18} />}
          loading={save.isPending}
          onClick={submit}
          data-testid="survey-save-bottom"
        >
          {t('surveys.builder.save')}
        </WriteButton>
      </Group>

      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title={<Text fw={650}>{t('surveys.builder.leaveTitle')}</Text>}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t('surveys.builder.leaveBody')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => blocker.reset?.()} data-testid="survey-leave-stay">
              {t('surveys.builder.stay')}
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()} data-testid="survey-leave-discard">
              {t('surveys.builder.discard')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function QuestionCard({
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
  onChange: (fn: (q: TSurveyQuestion) => void) => void;
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
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={label}
        disabled={readOnly || disabled}
        onClick={onClick}
        data-testid={testId}
      >
        {child}
      </ActionIcon>
    </Tooltip>
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
            });
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
                  });
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
                  });
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
