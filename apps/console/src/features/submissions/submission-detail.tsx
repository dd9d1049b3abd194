import { Badge, Box, Divider, Drawer, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TSiteLanguage } from '@swipe/contracts/sites';
import type { TMemberSummary, TSubmissionSummary } from '@swipe/contracts/submissions';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WriteButton } from '../../app/write-control';
import { JstTime, MemberStatusBadge } from './submission-ui';
import type { TSubmissionListKind } from './submissions-api';

// One member or submission with every answer, in a drawer over the list. Visitor text is shown
// as plain text (React escapes it), line breaks kept, long words wrapped.

export type TDetail =
  | { kind: 'member'; row: TMemberSummary }
  | { kind: 'contact' | 'form'; row: TSubmissionSummary };

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Box fz="sm">{children}</Box>
    </Stack>
  );
}

/** The visitor's site language by name, its code beside it (JP, EN...). */
function LanguageName({ lang }: { lang: TSiteLanguage }) {
  const { t } = useTranslation();
  return (
    <Text size="sm">
      {t(`sites.languages.${lang}`)}{' '}
      <Text span size="xs" c="dimmed">
        {lang}
      </Text>
    </Text>
  );
}

export function SubmissionDetail({
  detail,
  onClose,
  write,
  onDelete,
}: {
  detail: TDetail | null;
  onClose: () => void;
  write: { locked: boolean; reason: string };
  onDelete: (row: TMemberSummary) => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  // Keeps showing the row while the drawer slides out after `detail` went back to null.
  const [shown, setShown] = useState<TDetail | null>(detail);
  useEffect(() => {
    if (detail) setShown(detail);
  }, [detail]);
  const kind: TSubmissionListKind = shown?.kind ?? 'contact';
  const answers = shown?.row.data ?? [];

  return (
    <Drawer
      opened={detail !== null}
      onClose={onClose}
      position={phone ? 'bottom' : 'right'}
      size={480}
      radius={phone ? 'lg' : 0}
      padding="lg"
      closeButtonProps={{ 'aria-label': t('submissions.detail.close') }}
      title={
        <Stack gap={0} miw={0}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
            {t(`submissions.detail.${kind}`)}
          </Text>
          <Text fw={650} className="break-anywhere" data-testid="detail-email">
            {shown?.row.email}
          </Text>
        </Stack>
      }
      styles={{
        title: { minWidth: 0, flex: 1 },
        // On a phone the sheet is as tall as its content, never taller than the screen.
        content: phone ? { height: 'auto', maxHeight: '92dvh' } : undefined,
      }}
    >
      {shown && (
        <Stack gap="lg" data-testid="submission-detail">
          <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
            {shown.kind === 'member' ? (
              <>
                <Field label={t('submissions.columns.status')}>
                  <MemberStatusBadge status={shown.row.status} />
                </Field>
                <Field label={t('submissions.columns.language')}>
                  <LanguageName lang={shown.row.lang} />
                </Field>
                <Field label={t('submissions.detail.registered')}>
                  <JstTime iso={shown.row.createdAt} />
                </Field>
                <Field label={t('submissions.detail.confirmed')}>
                  <JstTime iso={shown.row.confirmedAt} empty={t('submissions.notYet')} />
                </Field>
                <Field label={t('submissions.detail.lastLogin')}>
                  <JstTime iso={shown.row.lastLoginAt} empty={t('submissions.never')} />
                </Field>
              </>
            ) : (
              <>
                <Field label={t('submissions.detail.received')}>
                  <JstTime iso={shown.row.createdAt} />
                </Field>
                <Field label={t('submissions.columns.language')}>
                  <LanguageName lang={shown.row.lang} />
                </Field>
                <Field label={t('submissions.columns.company')}>
                  <Text size="sm" className="break-anywhere" c={shown.row.companyName ? undefined : 'dimmed'}>
                    {shown.row.companyName || t('submissions.noCompany')}
                  </Text>
                </Field>
                {shown.row.mode && (
                  <Field label={t('submissions.detail.mode')}>
                    <Badge variant="default" radius="sm" tt="none" fw={500}>
                      {shown.row.mode}
                    </Badge>
                  </Field>
                )}
              </>
            )}
          </SimpleGrid>

          <Divider />
          <Stack gap="sm">
            <Text fw={650} size="sm">
              {t('submissions.detail.answers')}
            </Text>
            {answers.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('submissions.detail.noAnswers')}
              </Text>
            ) : (
              <Stack
                component="dl"
                gap={0}
                m={0}
                bg="gray.0"
                style={{ border: '1px solid var(--mantine-color-gray-2)', borderRadius: 8 }}
              >
                {answers.map((a, i) => (
                  <Box
                    // biome-ignore lint/suspicious/noArrayIndexKey: titles may repeat; the order is fixed
                    key={i}
                    px="sm"
                    py={10}
                    style={{ borderTop: i ? '1px solid var(--mantine-color-gray-2)' : undefined }}
                    data-testid="detail-answer"
                  >
                    <Text component="dt" size="xs" c="dimmed" fw={600} className="break-anywhere">
                      {a.title}
                    </Text>
                    <Text
                      component="dd"
                      m={0}
                      size="sm"
                      className="break-anywhere"
                      c={a.value ? undefined : 'dimmed'}
                      style={{ whiteSpace: 'pre-wrap' }}
                      data-testid="detail-answer-value"
                    >
                      {a.value || t('submissions.detail.emptyAnswer')}
                    </Text>
                  </Box>
                ))}
              </Stack>
            )}
          </Stack>

          {shown.kind === 'member' && (
            <Group justify="flex-end" pt="xs">
              <WriteButton
                locked={write.locked}
                reason={write.reason}
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} stroke={1.7} />}
                onClick={() => onDelete(shown.row)}
                data-testid="detail-delete"
              >
                {t('submissions.delete.action')}
              </WriteButton>
            </Group>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
