import {
  Alert,
  Badge,
  Box,
  Card,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { snakeToCamel } from '@swipe/contracts/case';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import {
  type TUserImportColumn,
  type TUserImportPreview,
  type TUserImportRow,
  USER_IMPORT_HEADERS,
} from '@swipe/contracts/user-import';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../app/format';
import { CARD_PADDING } from './import-guide';
import { errorColumns } from './import-model';

// The check result: counts, then every row with its errors next to the cells they concern
// (a table on wide screens, cards on phones), paged so a 1,000-row file stays quick.

const PAGE_SIZE = 50;
const ERROR_BG = 'var(--mantine-color-red-0)';

function useColumnLabel() {
  const { i18n } = useTranslation();
  const lang = (i18n.language in USER_IMPORT_HEADERS.kind ? i18n.language : 'en') as TUiLanguage;
  return (field: string) => {
    const column = snakeToCamel(field) as TUserImportColumn;
    return USER_IMPORT_HEADERS[column]?.[lang] ?? null;
  };
}

function Stat({
  label,
  value,
  color,
  testId,
}: {
  label: string;
  value: number;
  color?: string;
  testId: string;
}) {
  const { i18n } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Text fz={26} fw={700} c={color} lh={1.2} data-testid={testId}>
        {formatCount(value, i18n.language)}
      </Text>
    </Paper>
  );
}

function RowErrors({ row }: { row: TUserImportRow }) {
  const { t } = useTranslation();
  const label = useColumnLabel();
  if (row.errors.length === 0)
    return (
      <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={12} />} tt="none">
        {t('userImport.table.ok')}
      </Badge>
    );
  return (
    <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {row.errors.map((e) => (
        <Text
          component="li"
          key={`${e.field}-${e.message}`}
          size="sm"
          c="red.8"
          className="break-anywhere"
          data-testid="import-row-error"
          data-field={e.field}
        >
          {label(e.field) && <b>{label(e.field)}: </b>}
          {e.message}
        </Text>
      ))}
    </Stack>
  );
}

function Cell({
  row,
  columns,
  nowrap,
  children,
}: {
  row: TUserImportRow;
  columns: TUserImportColumn[];
  nowrap?: boolean;
  children: ReactNode;
}) {
  const bad = columns.some((c) => errorColumns(row).has(c));
  return (
    <Table.Td
      style={{
        // break-word (not anywhere) keeps short values whole and lets the table scroll instead.
        overflowWrap: 'break-word',
        whiteSpace: nowrap ? 'nowrap' : undefined,
        ...(bad ? { background: ERROR_BG, boxShadow: 'inset 0 0 0 1px var(--mantine-color-red-3)' } : {}),
      }}
      data-error={bad || undefined}
    >
      <Box c={bad ? 'red.9' : undefined} fw={bad ? 600 : undefined}>
        {children}
      </Box>
    </Table.Td>
  );
}

function RowsTable({ rows }: { rows: TUserImportRow[] }) {
  const { t } = useTranslation();
  const empty = (
    <Text span c="dimmed" size="sm">
      {t('userImport.table.empty')}
    </Text>
  );
  const v = (row: TUserImportRow, c: TUserImportColumn) => row.values[c] || empty;
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover fz="sm" data-testid="import-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={56}>{t('userImport.table.line')}</Table.Th>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('userImport.table.kind')}</Table.Th>
            <Table.Th>
              {t('userImport.table.company')} / {t('userImport.table.contact')}
            </Table.Th>
            <Table.Th>{t('userImport.table.email')}</Table.Th>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('userImport.table.plan')}</Table.Th>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('userImport.table.contract')}</Table.Th>
            {/* Room for messages only when there are any; otherwise the values get it. */}
            <Table.Th w={rows.some((r) => r.errors.length > 0) ? '30%' : undefined}>
              {t('userImport.table.status')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const bad = row.errors.length > 0;
            return (
              <Table.Tr key={row.line} data-testid={`import-row-${row.line}`} data-invalid={bad || undefined}>
                <Table.Td
                  style={{ borderLeft: `3px solid var(--mantine-color-${bad ? 'red-6' : 'teal-5'})` }}
                >
                  <Text size="sm" fw={600} c="dimmed" ff="monospace">
                    {row.line}
                  </Text>
                </Table.Td>
                <Cell row={row} columns={['kind']} nowrap>
                  {v(row, 'kind')}
                </Cell>
                <Cell row={row} columns={['companyName', 'contactName']}>
                  <div>{v(row, 'companyName')}</div>
                  <Text size="xs" c="dimmed">
                    {v(row, 'contactName')}
                  </Text>
                </Cell>
                <Cell row={row} columns={['email']} nowrap>
                  {v(row, 'email')}
                </Cell>
                <Cell row={row} columns={['planCode']} nowrap>
                  {v(row, 'planCode')}
                </Cell>
                <Cell row={row} columns={['contractStart', 'contractEnd']} nowrap>
                  {row.values.contractStart || row.values.contractEnd ? (
                    <>
                      <div>{row.values.contractStart || '—'}</div>
                      <div>{row.values.contractEnd || '—'}</div>
                    </>
                  ) : (
                    empty
                  )}
                </Cell>
                <Table.Td>
                  <RowErrors row={row} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RowCards({ rows }: { rows: TUserImportRow[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" p="sm" data-testid="import-cards">
      {rows.map((row) => {
        const bad = row.errors.length > 0;
        return (
          <Paper
            key={row.line}
            withBorder
            radius="md"
            p="sm"
            data-testid={`import-row-${row.line}`}
            data-invalid={bad || undefined}
            style={{
              borderLeft: `4px solid var(--mantine-color-${bad ? 'red-6' : 'teal-5'})`,
              background: bad ? 'var(--mantine-color-red-0)' : undefined,
            }}
          >
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" fw={700}>
                  {t('userImport.table.lineN', { line: row.line })}
                </Text>
                {row.values.kind && (
                  <Badge variant="outline" color="gray" tt="none" radius="sm">
                    {row.values.kind}
                  </Badge>
                )}
              </Group>
              <Box miw={0}>
                <Text
                  size="sm"
                  fw={500}
                  c={bad && errorColumns(row).has('email') ? 'red.8' : undefined}
                  className="break-anywhere"
                >
                  {row.values.email || t('userImport.table.empty')}
                </Text>
                {(row.values.companyName || row.values.contactName) && (
                  <Text size="xs" c="dimmed" className="break-anywhere">
                    {[row.values.companyName, row.values.contactName].filter(Boolean).join(' · ')}
                  </Text>
                )}
              </Box>
              <RowErrors row={row} />
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

/** `action` (the import button) sits under the counts, where the verdict is read. */
export function ImportPreview({ preview, action }: { preview: TUserImportPreview; action: ReactNode }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const [filter, setFilter] = useState<'errors' | 'all'>(preview.invalid > 0 ? 'errors' : 'all');
  const [page, setPage] = useState(1);
  // A new file (or the import's own verdict) starts on the first page, errors first.
  useEffect(() => {
    setFilter(preview.invalid > 0 ? 'errors' : 'all');
    setPage(1);
  }, [preview]);

  const shown = useMemo(
    () => (filter === 'errors' ? preview.rows.filter((r) => r.errors.length > 0) : preview.rows),
    [preview, filter],
  );
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const visible = shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const ok = preview.invalid === 0;

  return (
    <Stack gap="md" data-testid="import-preview">
      <Card
        p={CARD_PADDING}
        component="section"
        aria-labelledby="import-summary-title"
        data-testid="import-summary"
      >
        <Stack gap="md">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text id="import-summary-title" fw={650} fz="lg">
              {t('userImport.summary.title')}
            </Text>
            <Badge variant="light" color="gray" tt="none" data-testid="import-encoding">
              {t(`userImport.summary.encoding_${preview.encoding}`)}
            </Badge>
          </Group>
          <SimpleGrid cols={3} spacing="sm">
            <Stat label={t('userImport.summary.total')} value={preview.total} testId="import-total-count" />
            <Stat
              label={t('userImport.summary.valid')}
              value={preview.valid}
              color="teal.8"
              testId="import-valid-count"
            />
            <Stat
              label={t('userImport.summary.invalid')}
              value={preview.invalid}
              color={preview.invalid ? 'red.7' : undefined}
              testId="import-invalid-count"
            />
          </SimpleGrid>
          <Alert
            variant="light"
            color={ok ? 'teal' : 'red'}
            icon={ok ? <IconCircleCheck size={20} /> : <IconAlertCircle size={20} />}
            data-testid={ok ? 'import-all-valid' : 'import-has-errors'}
          >
            {ok ? t('userImport.summary.allValid') : t('userImport.summary.hasErrors')}
          </Alert>
          <Box pt="md" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
            {action}
          </Box>
        </Stack>
      </Card>

      <Card p={0} component="section" aria-label={t('userImport.summary.title')}>
        {preview.invalid > 0 && preview.valid > 0 && (
          <Box p="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
            <SegmentedControl
              aria-label={t('userImport.filter.label')}
              value={filter}
              onChange={(value) => {
                setFilter(value as 'errors' | 'all');
                setPage(1);
              }}
              data={[
                { value: 'errors', label: `${t('userImport.filter.errors')} (${preview.invalid})` },
                { value: 'all', label: `${t('userImport.filter.all')} (${preview.total})` },
              ]}
              data-testid="import-filter"
            />
          </Box>
        )}
        {phone ? <RowCards rows={visible} /> : <RowsTable rows={visible} />}
        {pages > 1 && (
          <Group justify="center" p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
            <Pagination total={pages} value={page} onChange={setPage} size="sm" siblings={phone ? 0 : 1} />
          </Group>
        )}
      </Card>
    </Stack>
  );
}
