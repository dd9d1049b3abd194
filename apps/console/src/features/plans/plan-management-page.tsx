import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Switch, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TPlan } from '@swipe/contracts/plans';
import { IconAlertCircle, IconArchive, IconExternalLink, IconPencil, IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { formatCount, formatYen } from '../../app/format';
import { PageHeading } from '../../app/page-heading';
import { usePageTitle } from '../../app/use-page-title';
import { useShell } from '../../app/use-shell';
import { useWriteAccess } from '../../app/write-access';
import { WriteButton, WriteIcon } from '../../app/write-control';
import { PlanFormModal } from './plan-form-modal';
import { planKeys, plansApi } from './plans-api';
import { useOverLimitText, VersionBadge } from './plans-ui';
import { RetirePlanModal } from './retire-plan-modal';

type TDialog = { kind: 'create' } | { kind: 'edit'; plan: TPlan } | { kind: 'retire'; plan: TPlan } | null;

/** /master/plan-management: the platform's plans, their versions, and what changing them means. */
export function PlanManagementPage() {
  const { user } = useShell();
  // The platform alone manages plans: anyone else typing the address gets the forbidden page.
  if (user.actingRole !== 'MASTER') return <Navigate to="/errors/403" replace />;
  return <PlanManagement />;
}

function PlanManagement() {
  const { t } = useTranslation();
  usePageTitle(t('plans.management.title'));
  const { prefix } = useShell();
  const { locked, reason } = useWriteAccess();
  const phone = useMediaQuery('(max-width: 62em)');
  const [showRetired, setShowRetired] = useState(false);
  const [dialog, setDialog] = useState<TDialog>(null);
  const list = useQuery({
    queryKey: planKeys.list(showRetired),
    queryFn: ({ signal }) => plansApi.list({ includeRetired: showRetired }, { signal }),
    placeholderData: keepPreviousData,
  });
  const plans = list.data?.data ?? [];
  const close = () => setDialog(null);

  // Icons with tooltips in the table (room is short), labelled buttons on a phone.
  const actions = (p: TPlan) => {
    if (p.retired)
      return (
        <Badge color="gray" variant="outline" radius="sm" tt="none">
          {t('plans.management.retiredBadge')}
        </Badge>
      );
    const items = [
      {
        kind: 'edit' as const,
        label: t('plans.management.edit'),
        aria: t('plans.management.editNamed', { name: p.name }),
        icon: IconPencil,
        color: 'gray',
      },
      {
        kind: 'retire' as const,
        label: t('plans.management.retire'),
        aria: t('plans.management.retireNamed', { name: p.name }),
        icon: IconArchive,
        color: 'red',
      },
    ];
    return (
      <Group gap={6} wrap="nowrap" justify="flex-end">
        {items.map((a) =>
          phone ? (
            <WriteButton
              key={a.kind}
              locked={locked}
              reason={reason}
              size="xs"
              variant={a.kind === 'edit' ? 'default' : 'subtle'}
              color={a.kind === 'edit' ? undefined : 'red'}
              leftSection={<a.icon size={14} />}
              onClick={() => setDialog({ kind: a.kind, plan: p })}
              aria-label={a.aria}
              data-testid={`plan-${a.kind}-${p.code}`}
            >
              {a.label}
            </WriteButton>
          ) : (
            <WriteIcon
              key={a.kind}
              locked={locked}
              reason={reason}
              label={a.aria}
              variant={a.kind === 'edit' ? 'default' : 'subtle'}
              color={a.color}
              size="lg"
              onClick={() => setDialog({ kind: a.kind, plan: p })}
              data-testid={`plan-${a.kind}-${p.code}`}
            >
              <a.icon size={17} stroke={1.7} />
            </WriteIcon>
          ),
        )}
      </Group>
    );
  };

  return (
    <Stack gap="lg" data-testid="plan-management-page">
      <PageHeading
        title={t('plans.management.title')}
        subtitle={t('plans.management.subtitle')}
        actions={
          <>
            <Button
              variant="default"
              component={Link}
              to={`/${prefix}/plan`}
              leftSection={<IconExternalLink size={16} />}
              data-testid="catalogue-link"
            >
              {t('plans.catalogue.title')}
            </Button>
            <WriteButton
              locked={locked}
              reason={reason}
              leftSection={<IconPlus size={16} />}
              onClick={() => setDialog({ kind: 'create' })}
              data-testid="plan-create"
            >
              {t('plans.management.create')}
            </WriteButton>
          </>
        }
      />

      <Alert variant="light" color="blue" icon={<IconAlertCircle size={18} />}>
        <Text size="sm">{t('plans.management.versioningNote')}</Text>
      </Alert>

      <Card p={0}>
        <Group
          justify="space-between"
          p="md"
          gap="sm"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
        >
          <Text size="sm" c="dimmed">
            {list.isPending ? '' : t('plans.management.count', { count: plans.length })}
          </Text>
          <Switch
            label={t('plans.management.showRetired')}
            checked={showRetired}
            onChange={(e) => setShowRetired(e.currentTarget.checked)}
            data-testid="show-retired"
          />
        </Group>
        {list.isPending ? (
          <Stack p="md" gap="sm">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} height={36} radius="sm" />
            ))}
          </Stack>
        ) : list.isError ? (
          <Group p="xl" justify="center" gap="sm">
            <Text c="dimmed">{t('plans.loadFailed')}</Text>
            <Button size="xs" variant="default" onClick={() => list.refetch()}>
              {t('plans.retry')}
            </Button>
          </Group>
        ) : plans.length === 0 ? (
          <Text c="dimmed" ta="center" p="xl">
            {t('plans.management.empty')}
          </Text>
        ) : phone ? (
          <Stack gap={0}>
            {plans.map((p) => (
              <PlanRowCard key={p.id} plan={p} actions={actions(p)} />
            ))}
          </Stack>
        ) : (
          <PlanTable plans={plans} actions={actions} />
        )}
      </Card>

      <PlanFormModal
        opened={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        plan={dialog?.kind === 'edit' ? dialog.plan : null}
        onClose={close}
      />
      <RetirePlanModal plan={dialog?.kind === 'retire' ? dialog.plan : null} onClose={close} />
    </Stack>
  );
}

/** Name, then code and tier: the columns stay few enough for a laptop screen. */
function NameCell({ plan }: { plan: TPlan }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} miw={0}>
      <Text fw={600} size="sm" className="break-anywhere" c={plan.retired ? 'dimmed' : undefined}>
        {plan.name}
      </Text>
      <Text size="xs" c="dimmed">
        <Text span ff="monospace" size="xs">
          {plan.code}
        </Text>
        {' · '}
        {t(`plans.tiers.${plan.tier}`)}
        {plan.multilingual && ` · ${t('plans.catalogue.multi')}`}
      </Text>
    </Stack>
  );
}

function PlanTable({ plans, actions }: { plans: TPlan[]; actions: (p: TPlan) => ReactNode }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const overLimit = useOverLimitText();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="plan-table">
        <Table.Thead style={{ whiteSpace: 'nowrap' }}>
          <Table.Tr>
            <Table.Th>{t('plans.fields.name')}</Table.Th>
            <Table.Th>{t('plans.management.version')}</Table.Th>
            <Table.Th ta="right">{t('plans.fields.price')}</Table.Th>
            <Table.Th ta="right">{t('plans.management.sitesShort')}</Table.Th>
            <Table.Th ta="right">{t('plans.management.pagesShort')}</Table.Th>
            <Table.Th ta="right">{t('plans.management.pvShort')}</Table.Th>
            <Table.Th ta="right">{t('plans.management.overShort')}</Table.Th>
            <Table.Th ta="right">{t('plans.management.contracts')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {plans.map((p) => (
            <Table.Tr key={p.id} data-testid={`plan-row-${p.code}`} data-retired={p.retired}>
              <Table.Td>
                <NameCell plan={p} />
              </Table.Td>
              <Table.Td>
                <VersionBadge short version={p.version} testId={`plan-version-${p.code}`} />
              </Table.Td>
              <Table.Td
                ta="right"
                fw={600}
                data-testid={`plan-price-${p.code}`}
                style={{ whiteSpace: 'nowrap' }}
              >
                {formatYen(p.price, lang)}
              </Table.Td>
              <Table.Td ta="right">{formatCount(p.quantitySite, lang)}</Table.Td>
              <Table.Td ta="right">{formatCount(p.quantitySwipe, lang)}</Table.Td>
              <Table.Td ta="right">{formatCount(p.limitAccess, lang)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {overLimit(p.limitAccessPrice)}
              </Table.Td>
              <Table.Td ta="right" data-testid={`plan-contracts-${p.code}`}>
                {formatCount(p.contractCount ?? 0, lang)}
                {!!p.olderVersionsContractCount && (
                  <Text size="xs" c="dimmed" data-testid={`plan-older-contracts-${p.code}`}>
                    {t('plans.management.olderVersions', { count: p.olderVersionsContractCount })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{actions(p)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function PlanRowCard({ plan, actions }: { plan: TPlan; actions: ReactNode }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Stack
      gap="xs"
      p="md"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      data-testid={`plan-row-${plan.code}`}
      data-retired={plan.retired}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <NameCell plan={plan} />
        <VersionBadge version={plan.version} testId={`plan-version-${plan.code}`} />
      </Group>
      <Group gap="lg" wrap="wrap">
        <Text size="sm" fw={650} data-testid={`plan-price-${plan.code}`}>
          {formatYen(plan.price, lang)}
          <Text span size="xs" c="dimmed" fw={400}>
            {' '}
            {t('plans.perMonth')}
          </Text>
        </Text>
        <Text size="xs" c="dimmed">
          {t('plans.management.summaryLine', {
            sites: formatCount(plan.quantitySite, lang),
            pages: formatCount(plan.quantitySwipe, lang),
            pv: formatCount(plan.limitAccess, lang),
          })}
        </Text>
      </Group>
      <Group justify="space-between" gap="sm">
        <Text size="xs" c="dimmed">
          {t('plans.management.contractsOn', { count: plan.contractCount ?? 0 })}
          {!!plan.olderVersionsContractCount &&
            ` · ${t('plans.management.olderVersions', { count: plan.olderVersionsContractCount })}`}
        </Text>
        {actions}
      </Group>
    </Stack>
  );
}
