import {
  ActionIcon,
  Box,
  Button,
  Code,
  Group,
  Loader,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import {
  type TWebhookDelivery,
  type TWebhookDeliveryStatus,
  WEBHOOK_MAX_ATTEMPTS,
} from '@swipe/contracts/webhooks';
import { IconChevronDown, IconChevronRight, IconRefresh } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, type TEnvelope } from '../../app/api-client';
import { formatJstDateTime } from '../../app/format';
import { ListCards, PHONE_MEDIA } from '../../app/list-page';
import classes from '../../app/list-page.module.css';
import { StatusBadge } from '../../app/status-dot';
import { scrollFrame } from '../analytics/analysis-kit';
import { DELIVERY_STATUS_COLOURS, payloadText, visibleRows } from './webhook-values';

/** Rows shown before "Show all". */
const NEWEST_SHOWN = 10;
const COLUMNS = 8;

/** A delivery's status: its colour's dot, the word in dark text on the tint (readable at 11 px). */
export function DeliveryStatusBadge({ status, testId }: { status: TWebhookDeliveryStatus; testId: string }) {
  const { t } = useTranslation();
  return (
    <StatusBadge
      color={DELIVERY_STATUS_COLOURS[status]}
      textColor="gray.9"
      label={t(`webhooks.status.${status}`)}
      status={status}
      testId={testId}
    />
  );
}

const dash = (
  <Text span c="dimmed" aria-hidden>
    —
  </Text>
);

/** What the row opens to: the event's id, when it arrived, the whole error and the JSON sent. */
function DeliveryDetail({ delivery, id }: { delivery: TWebhookDelivery; id: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as TUiLanguage;
  return (
    <Stack gap="xs" id={id} data-testid="delivery-detail">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={4}>
        <Text size="xs">
          <Text span size="xs" c="dimmed">
            {t('webhooks.log.eventId')}:{' '}
          </Text>
          <Text span ff="monospace" size="xs" className="break-anywhere">
            {delivery.eventId}
          </Text>
        </Text>
        {delivery.deliveredAt && (
          <Text size="xs">
            <Text span size="xs" c="dimmed">
              {t('webhooks.log.deliveredAt')}:{' '}
            </Text>
            {formatJstDateTime(delivery.deliveredAt, lang, true)}
          </Text>
        )}
      </SimpleGrid>
      {delivery.error && (
        <Text size="xs" c="red.8" className="break-anywhere">
          {delivery.error}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t('webhooks.log.payload')}
      </Text>
      <Code
        block
        fz="xs"
        mah={320}
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', overflowY: 'auto' }}
        // A long payload scrolls inside: reachable by keyboard, and named.
        tabIndex={0}
        role="region"
        aria-label={t('webhooks.log.payload')}
        data-testid="delivery-payload"
      >
        {payloadText(delivery.body)}
      </Code>
    </Stack>
  );
}

/** The button that opens a delivery to its payload (its label names the delivery by time). */
function DetailToggle(props: { expanded: boolean; time: string; controls: string; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="sm"
      aria-expanded={props.expanded}
      aria-controls={props.expanded ? props.controls : undefined}
      aria-label={t(props.expanded ? 'webhooks.log.hidePayload' : 'webhooks.log.showPayload', {
        time: props.time,
      })}
      onClick={props.onToggle}
      data-testid="delivery-toggle"
    >
      {props.expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
    </ActionIcon>
  );
}

/** The receiver's HTTP status, "no answer" once tried without one, a dash before any try. */
function ResponseCell({ delivery }: { delivery: TWebhookDelivery }) {
  const { t } = useTranslation();
  if (delivery.responseStatus !== null) return <>{delivery.responseStatus}</>;
  if (delivery.attempts > 0)
    return (
      <Text span size="sm" c="dimmed">
        {t('webhooks.log.noAnswer')}
      </Text>
    );
  return dash;
}

/** A phone's delivery: a card of the same facts, labelled, the payload opening below. */
function DeliveryCard(props: {
  delivery: TWebhookDelivery;
  time: string;
  expanded: boolean;
  onToggle: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as TUiLanguage;
  const d = props.delivery;
  const detailId = `delivery-${d.id}`;
  const fact = (label: string, value: ReactNode) => (
    <Text size="xs" component="div">
      <Text span size="xs" c="dimmed">
        {label}:{' '}
      </Text>
      {value}
    </Text>
  );
  return (
    <Box p="sm" data-testid="delivery-row" data-kind={d.kind} data-status={d.status}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={4} miw={0}>
          <Group gap={8} wrap="wrap">
            <Text size="sm" fw={600} data-testid="delivery-kind">
              {t(`webhooks.events.${d.kind}`)}
            </Text>
            <DeliveryStatusBadge status={d.status} testId="delivery-status" />
          </Group>
          <Text size="xs" c="dimmed">
            {props.time}
          </Text>
          <Group gap="md" wrap="wrap" style={{ rowGap: 2 }}>
            {fact(
              t('webhooks.log.columns.attempts'),
              t('webhooks.log.attempts', { count: d.attempts, max: WEBHOOK_MAX_ATTEMPTS }),
            )}
            {fact(t('webhooks.log.columns.response'), <ResponseCell delivery={d} />)}
          </Group>
          {d.nextAttemptAt &&
            fact(t('webhooks.log.columns.next'), formatJstDateTime(d.nextAttemptAt, lang, true))}
          {d.error && !props.expanded && (
            <Text size="xs" c="red.8" lineClamp={2} className="break-anywhere">
              {d.error}
            </Text>
          )}
        </Stack>
        <DetailToggle
          expanded={props.expanded}
          time={props.time}
          controls={detailId}
          onToggle={props.onToggle}
        />
      </Group>
      {props.expanded && (
        <Box mt="xs">
          <DeliveryDetail delivery={d} id={detailId} />
        </Box>
      )}
    </Box>
  );
}

/**
 * A webhook's newest deliveries, newest first: when, what, how it went, how often it was tried,
 * the receiver's answer, the error and the next try; a row opens to its payload. The table
 * scrolls sideways inside its own frame on a narrow screen.
 */
export function DeliveryLog({
  url,
  query,
  live,
}: {
  url: string;
  query: UseQueryResult<TEnvelope<TWebhookDelivery[]>>;
  /** A delivery is under way (the log polls). */
  live: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as TUiLanguage;
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [all, setAll] = useState(false);
  const phone = useMediaQuery(PHONE_MEDIA);
  const rows = query.data?.data ?? [];
  const shown = visibleRows(rows, NEWEST_SHOWN, all);
  const toggle = (id: string) =>
    setOpen((old) => {
      const next = new Set(old);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Stack gap={6} data-testid="delivery-log">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap="xs" wrap="wrap" miw={0}>
          <Title order={3} fz="sm" fw={650}>
            {t('webhooks.log.title')}
          </Title>
          {live && (
            <Group gap={6} wrap="nowrap" data-testid="delivery-log-live">
              <Loader size={12} type="dots" aria-hidden />
              <Text size="xs" c="dimmed">
                {t('webhooks.log.live')}
              </Text>
            </Group>
          )}
        </Group>
        <Tooltip label={t('webhooks.log.refresh')} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('webhooks.log.refresh')}
            loading={query.isFetching}
            onClick={() => void query.refetch()}
            data-testid="delivery-log-refresh"
          >
            <IconRefresh size={17} />
          </ActionIcon>
        </Tooltip>
      </Group>

      {query.isPending ? (
        <Stack gap={6} aria-busy="true" data-testid="delivery-log-loading">
          <Skeleton h={30} radius="sm" />
          <Skeleton h={30} radius="sm" />
          <Skeleton h={30} radius="sm" />
        </Stack>
      ) : query.isError ? (
        <Group gap="sm" py="xs" data-testid="delivery-log-error">
          <Text size="sm" c="dimmed">
            {query.error instanceof ApiError ? query.error.message : t('webhooks.log.loadFailed')}
          </Text>
          <Button size="compact-sm" variant="light" onClick={() => void query.refetch()}>
            {t('webhooks.retry')}
          </Button>
        </Group>
      ) : rows.length === 0 ? (
        <Text
          size="sm"
          c="dimmed"
          py="sm"
          px="sm"
          style={{
            border: '1px dashed var(--mantine-color-gray-4)',
            borderRadius: 'var(--mantine-radius-sm)',
          }}
          data-testid="delivery-log-empty"
        >
          {t('webhooks.log.empty')}
        </Text>
      ) : (
        <>
          {phone ? (
            <Box
              style={{
                border: '1px solid var(--mantine-color-gray-3)',
                borderRadius: 'var(--mantine-radius-sm)',
              }}
            >
              <ListCards>
                {shown.map((d) => (
                  <DeliveryCard
                    key={d.id}
                    delivery={d}
                    time={formatJstDateTime(d.createdAt, lang, true)}
                    expanded={open.has(d.id)}
                    onToggle={() => toggle(d.id)}
                  />
                ))}
              </ListCards>
            </Box>
          ) : (
            <Table.ScrollContainer
              minWidth={860}
              {...scrollFrame(t('webhooks.log.frame', { url }))}
              style={{
                border: '1px solid var(--mantine-color-gray-3)',
                borderRadius: 'var(--mantine-radius-sm)',
              }}
            >
              <Table verticalSpacing={6} horizontalSpacing="sm" fz="sm" className={classes.table}>
                <Table.Thead bg="gray.0">
                  <Table.Tr style={{ whiteSpace: 'nowrap' }}>
                    <Table.Th w={44}>
                      <VisuallyHidden>{t('webhooks.log.columns.details')}</VisuallyHidden>
                    </Table.Th>
                    <Table.Th>{t('webhooks.log.columns.time')}</Table.Th>
                    <Table.Th>{t('webhooks.log.columns.event')}</Table.Th>
                    <Table.Th>{t('webhooks.log.columns.status')}</Table.Th>
                    <Table.Th ta="right">{t('webhooks.log.columns.attempts')}</Table.Th>
                    <Table.Th ta="right">{t('webhooks.log.columns.response')}</Table.Th>
                    <Table.Th>{t('webhooks.log.columns.error')}</Table.Th>
                    <Table.Th>{t('webhooks.log.columns.next')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((d) => {
                    const expanded = open.has(d.id);
                    const detailId = `delivery-${d.id}`;
                    const time = formatJstDateTime(d.createdAt, lang, true);
                    return (
                      <Fragment key={d.id}>
                        <Table.Tr data-testid="delivery-row" data-kind={d.kind} data-status={d.status}>
                          <Table.Td>
                            <DetailToggle
                              expanded={expanded}
                              time={time}
                              controls={detailId}
                              onToggle={() => toggle(d.id)}
                            />
                          </Table.Td>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>{time}</Table.Td>
                          <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="delivery-kind">
                            {t(`webhooks.events.${d.kind}`)}
                          </Table.Td>
                          <Table.Td>
                            <DeliveryStatusBadge status={d.status} testId="delivery-status" />
                          </Table.Td>
                          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                            {t('webhooks.log.attempts', { count: d.attempts, max: WEBHOOK_MAX_ATTEMPTS })}
                          </Table.Td>
                          <Table.Td
                            ta="right"
                            style={{ whiteSpace: 'nowrap' }}
                            data-testid="delivery-response"
                          >
                            <ResponseCell delivery={d} />
                          </Table.Td>
                          <Table.Td maw={240}>
                            {d.error ? (
                              <Text
                                size="xs"
                                c="red.8"
                                lineClamp={2}
                                className="break-anywhere"
                                title={d.error}
                              >
                                {d.error}
                              </Text>
                            ) : (
                              dash
                            )}
                          </Table.Td>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>
                            {d.nextAttemptAt ? formatJstDateTime(d.nextAttemptAt, lang, true) : dash}
                          </Table.Td>
                        </Table.Tr>
                        {expanded && (
                          <Table.Tr bg="gray.0">
                            <Table.Td colSpan={COLUMNS}>
                              <DeliveryDetail delivery={d} id={detailId} />
                            </Table.Td>
                          </Table.Tr>
                        )}
                      </Fragment>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {rows.length > NEWEST_SHOWN && (
            <Group justify="center">
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => setAll((a) => !a)}
                data-testid="delivery-log-all"
              >
                {all ? t('webhooks.log.showFewer') : t('webhooks.log.showAll', { count: rows.length })}
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
