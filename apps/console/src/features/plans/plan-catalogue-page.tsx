import {
  Alert,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PLAN_FLAGS, type TPlan } from '@swipe/contracts/plans';
import { IconAlertCircle, IconArrowRight, IconLanguage } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount, formatYen } from '../../app/format';
import { PageHeading } from '../../app/page-heading';
import { usePageTitle } from '../../app/use-page-title';
import { useShell } from '../../app/use-shell';
import { useCheckPlan, usePlanCatalogue } from './plans-api';
import { FlagList, FlagMark, MonthlyPrice, useOverLimitText } from './plans-ui';

type TVariant = 'single' | 'multi';

/** /{prefix}/plan: the plans on offer, compared side by side, single-language or multilingual. */
export function PlanCataloguePage() {
  const { t } = useTranslation();
  usePageTitle(t('plans.catalogue.title'));
  const { user, prefix } = useShell();
  const isMaster = user.actingRole === 'MASTER';
  const phone = useMediaQuery('(max-width: 62em)');
  const catalogue = usePlanCatalogue();
  const own = useCheckPlan(!isMaster);
  const ownPlan = own.data?.data?.plan;

  const [variant, setVariant] = useState<TVariant>('single');
  // Start on the variant of the customer's own plan.
  useEffect(() => {
    if (ownPlan?.multilingual) setVariant('multi');
  }, [ownPlan?.multilingual]);

  const plans = (catalogue.data?.data ?? []).filter((p) => p.multilingual === (variant === 'multi'));

  return (
    <Stack gap="lg" data-testid="plan-catalogue-page">
      <PageHeading
        title={t('plans.catalogue.title')}
        subtitle={t('plans.catalogue.subtitle')}
        actions={
          <Button
            variant="default"
            component={Link}
            to={`/${prefix}/${isMaster ? 'plan-management' : 'check-plan'}`}
            rightSection={<IconArrowRight size={16} />}
            data-testid="catalogue-back"
          >
            {isMaster ? t('plans.management.title') : t('plans.check.title')}
          </Button>
        }
      />

      <Group justify="space-between" gap="sm" wrap="wrap">
        <SegmentedControl
          value={variant}
          onChange={(v) => setVariant(v as TVariant)}
          data={[
            { value: 'single', label: t('plans.catalogue.single') },
            {
              value: 'multi',
              label: (
                <Group gap={6} wrap="nowrap" justify="center">
                  <IconLanguage size={16} />
                  <span>{t('plans.catalogue.multi')}</span>
                </Group>
              ),
            },
          ]}
          data-testid="catalogue-variant"
        />
        <Text size="sm" c="dimmed">
          {t('plans.catalogue.taxNote')}
        </Text>
      </Group>

      {catalogue.isPending ? (
        <Skeleton height={phone ? 520 : 460} radius="lg" />
      ) : catalogue.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('plans.loadFailed')}</Text>
            <Button size="xs" variant="white" onClick={() => catalogue.refetch()}>
              {t('plans.retry')}
            </Button>
          </Group>
        </Alert>
      ) : plans.length === 0 ? (
        <Card>
          <Text c="dimmed" ta="center" py="xl">
            {t('plans.catalogue.empty')}
          </Text>
        </Card>
      ) : phone ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {plans.map((p) => (
            <PlanCard key={p.id} plan={p} own={ownPlan?.code === p.code ? ownPlan : undefined} />
          ))}
        </SimpleGrid>
      ) : (
        <ComparisonTable plans={plans} own={ownPlan} />
      )}
    </Stack>
  );
}

function useLimitRows() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const overLimit = useOverLimitText();
  return [
    {
      key: 'sites',
      label: t('plans.fields.quantitySite'),
      value: (p: TPlan) => formatCount(p.quantitySite, lang),
    },
    {
      key: 'pages',
      label: t('plans.fields.quantitySwipe'),
      value: (p: TPlan) => formatCount(p.quantitySwipe, lang),
    },
    {
      key: 'pv',
      label: t('plans.fields.limitAccess'),
      value: (p: TPlan) => t('plans.pvPerMonth', { value: formatCount(p.limitAccess, lang) }),
    },
    {
      key: 'over',
      label: t('plans.fields.limitAccessPrice'),
      value: (p: TPlan) => overLimit(p.limitAccessPrice),
    },
  ];
}

const OwnBadge = () => {
  const { t } = useTranslation();
  return (
    <Badge color="brand" variant="filled" radius="sm" tt="none" data-testid="own-plan-badge">
      {t('plans.catalogue.yourPlan')}
    </Badge>
  );
};

/** Under the customer's own plan: the version its contract keeps, when the catalogue moved on. */
function OwnVersionNote({ plan, own }: { plan: TPlan; own?: TPlan }) {
  const { t, i18n } = useTranslation();
  if (!own || own.id === plan.id) return null;
  return (
    <Text size="xs" c="brand.8" data-testid="own-plan-version">
      {t('plans.catalogue.yourVersion', { version: own.version, price: formatYen(own.price, i18n.language) })}
    </Text>
  );
}

function ComparisonTable({ plans, own }: { plans: TPlan[]; own?: TPlan }) {
  const { t } = useTranslation();
  const ownCode = own?.code;
  const rows = useLimitRows();
  const ownStyle = (p: TPlan) =>
    p.code === ownCode ? { background: 'var(--mantine-color-brand-0)' } : undefined;
  return (
    <Card p={0} style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="sm" horizontalSpacing="md" layout="fixed" data-testid="catalogue-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={200} />
              {plans.map((p) => (
                <Table.Th
                  key={p.id}
                  style={{ verticalAlign: 'top', ...ownStyle(p) }}
                  data-testid={`plan-card-${p.code}`}
                >
                  <Stack gap={8} py={6}>
                    <Group gap={6} wrap="wrap" mih={22}>
                      {p.code === ownCode ? <OwnBadge /> : null}
                    </Group>
                    <Text fw={650} fz="lg" className="break-anywhere" lh={1.25}>
                      {p.name}
                    </Text>
                    <MonthlyPrice price={p.price} size="md" testId={`plan-price-${p.code}`} />
                    {p.code === ownCode && <OwnVersionNote plan={p} own={own} />}
                  </Stack>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.key}>
                <Table.Th fw={500} c="dimmed" fz="sm">
                  {r.label}
                </Table.Th>
                {plans.map((p) => (
                  <Table.Td key={p.id} fw={600} fz="sm" style={ownStyle(p)}>
                    {r.value(p)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th
                colSpan={plans.length + 1}
                bg="gray.0"
                fz="xs"
                tt="uppercase"
                c="dimmed"
                style={{ letterSpacing: '0.04em' }}
              >
                {t('plans.featuresHeading')}
              </Table.Th>
            </Table.Tr>
            {PLAN_FLAGS.map((f) => (
              <Table.Tr key={f}>
                <Table.Th fw={500} fz="sm">
                  {t(`plans.flags.${f}`)}
                </Table.Th>
                {plans.map((p) => (
                  <Table.Td key={p.id} style={ownStyle(p)}>
                    <FlagMark
                      on={p.flags[f]}
                      label={p.flags[f] ? t('plans.included') : t('plans.notIncluded')}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function PlanCard({ plan, own }: { plan: TPlan; own?: TPlan }) {
  const { t } = useTranslation();
  const rows = useLimitRows();
  return (
    <Card
      padding="lg"
      data-testid={`plan-card-${plan.code}`}
      style={own ? { borderColor: 'var(--mantine-color-brand-5)', borderWidth: 2 } : undefined}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Text fw={650} fz="lg" className="break-anywhere">
            {plan.name}
          </Text>
          {own ? <OwnBadge /> : null}
        </Group>
        <MonthlyPrice price={plan.price} testId={`plan-price-${plan.code}`} />
        <OwnVersionNote plan={plan} own={own} />
        <Stack gap={6}>
          {rows.map((r) => (
            <Group key={r.key} justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {r.label}
              </Text>
              <Text size="sm" fw={600} ta="right">
                {r.value(plan)}
              </Text>
            </Group>
          ))}
        </Stack>
        <Divider label={t('plans.featuresHeading')} labelPosition="left" />
        <FlagList plan={plan} />
      </Stack>
    </Card>
  );
}
