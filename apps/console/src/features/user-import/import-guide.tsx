import { Accordion, Badge, Button, Card, Code, Group, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { camelToSnake } from '@swipe/contracts/case';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import {
  type TUserImportColumn,
  USER_IMPORT_COLUMNS,
  USER_IMPORT_HEADERS,
  USER_IMPORT_REQUIRED_COLUMNS,
} from '@swipe/contracts/user-import';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

// The explanation above the upload: three steps, the template button and what each column takes.

const STEPS = [
  ['template', 'templateBody'],
  ['fill', 'fillBody'],
  ['upload', 'uploadBody'],
] as const;

/** Roomy on desktop, compact on phones. */
export const CARD_PADDING = { base: 'md', sm: 'xl' } as const;

/** Required only when the row opens its own account (every kind but oem_admin). */
const FOR_ACCOUNT: readonly TUserImportColumn[] = ['companyName', 'planCode', 'contractStart', 'contractEnd'];

export function ImportSteps({ onDownload, downloading }: { onDownload: () => void; downloading: boolean }) {
  const { t } = useTranslation();
  return (
    <Card p={CARD_PADDING} component="section" aria-labelledby="import-steps-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text id="import-steps-title" fw={650} fz="lg">
            {t('userImport.steps.title')}
          </Text>
          <Button
            variant="light"
            leftSection={<IconDownload size={18} stroke={1.7} />}
            onClick={onDownload}
            loading={downloading}
            data-testid="import-template"
          >
            {t('userImport.downloadTemplate')}
          </Button>
        </Group>
        <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {STEPS.map(([title, body], i) => (
            <Group component="li" key={title} gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon size={28} radius="xl" variant="light" aria-hidden>
                <Text fw={700} size="sm">
                  {i + 1}
                </Text>
              </ThemeIcon>
              <Stack gap={0} miw={0}>
                <Text fw={600} size="sm">
                  {t(`userImport.steps.${title}`)}
                </Text>
                <Text size="sm" c="dimmed">
                  {t(`userImport.steps.${body}`)}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

export function ColumnReference({ planCodes }: { planCodes: string[] | null }) {
  const { t, i18n } = useTranslation();
  const lang = (i18n.language in USER_IMPORT_HEADERS.kind ? i18n.language : 'en') as TUiLanguage;
  const requirement = (c: TUserImportColumn) =>
    USER_IMPORT_REQUIRED_COLUMNS.includes(c) ? (
      <Badge size="sm" variant="light" color="red" tt="none">
        {t('userImport.columns.always')}
      </Badge>
    ) : FOR_ACCOUNT.includes(c) ? (
      <Badge size="sm" variant="light" color="orange" tt="none">
        {t('userImport.columns.forAccount')}
      </Badge>
    ) : (
      <Text size="xs" c="dimmed">
        {t('userImport.columns.optional')}
      </Text>
    );
  const values = (c: TUserImportColumn) =>
    c === 'planCode'
      ? planCodes?.length
        ? t('userImport.columns.planCode', { codes: planCodes.join(', ') })
        : t('userImport.columns.planCodeExample')
      : t(`userImport.columns.${c}`);

  return (
    <Card p={0} component="section">
      <Accordion variant="default" chevronPosition="right">
        <Accordion.Item value="columns" style={{ borderBottom: 0 }}>
          <Accordion.Control px="xl" data-testid="import-columns-toggle">
            <Text fw={650}>{t('userImport.columns.title')}</Text>
          </Accordion.Control>
          <Accordion.Panel>
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="xs" fz="sm" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('userImport.columns.header')}</Table.Th>
                    <Table.Th>{t('userImport.columns.required')}</Table.Th>
                    <Table.Th>{t('userImport.columns.values')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {USER_IMPORT_COLUMNS.map((c) => (
                    <Table.Tr key={c}>
                      <Table.Td>
                        <Stack gap={2}>
                          <Text size="sm" fw={500}>
                            {USER_IMPORT_HEADERS[c][lang]}
                          </Text>
                          <Code fz="xs" w="fit-content">
                            {camelToSnake(c)}
                          </Code>
                        </Stack>
                      </Table.Td>
                      <Table.Td>{requirement(c)}</Table.Td>
                      <Table.Td>
                        <Text size="sm" className="break-anywhere">
                          {values(c)}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Card>
  );
}
