import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCount } from './format';

/** The page sizes every paged list offers. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;

/**
 * The foot of a paged list (sites, users, visitor data, survey answers): "1–20 of 57", the page
 * size when the list lets it change, and the pages. Test ids: `${testId}-list-total`,
 * `${testId}-page-size`, `${testId}-pagination`.
 */
export function ListFooter(props: {
  page: number;
  pageSize: number;
  total: number;
  /** A phone: fewer page buttons. */
  compact: boolean;
  onPage: (page: number) => void;
  onPageSize?: (size: number) => void;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const { page, pageSize, total } = props;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Group
      justify="space-between"
      p="md"
      gap="sm"
      wrap="wrap"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group gap="sm" wrap="nowrap">
        <Text size="sm" c="dimmed" data-testid={`${props.testId}-list-total`}>
          {t('list.range', {
            from: formatCount(from, i18n.language),
            to: formatCount(to, i18n.language),
            total: formatCount(total, i18n.language),
          })}
        </Text>
        {props.onPageSize && (
          <NativeSelect
            size="xs"
            aria-label={t('list.pageSize')}
            value={String(pageSize)}
            onChange={(e) => props.onPageSize?.(Number(e.currentTarget.value))}
            data={PAGE_SIZES.map((n) => ({ value: String(n), label: t('list.perPage', { size: n }) }))}
            data-testid={`${props.testId}-page-size`}
          />
        )}
      </Group>
      <Pagination
        size="sm"
        total={pages}
        value={Math.min(page, pages)}
        onChange={props.onPage}
        siblings={props.compact ? 0 : 1}
        data-testid={`${props.testId}-pagination`}
        getControlProps={(control) => ({ 'aria-label': t(`list.pageControls.${control}`) })}
      />
    </Group>
  );
}
