import {
  Alert,
  Badge,
  Button,
  Card,
  Divider,
  Grid,
  Group,
  List,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { TCheckPlan } from '@swipe/contracts/plans';
import type { TContractStatus } from '@swipe/contracts/roles';
import { CONTRACT_MINIMUM_MONTHS } from '@swipe/contracts/users';
import {
  IconAlertCircle,
  IconArrowRight,
  IconCalendarEvent,
  IconCalendarRepeat,
  IconInfoCircle,
  IconReceiptTax,
  IconSparkles,
  IconTrendingUp,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount, formatDate, formatYen, todayJst } from '../../app/format';
import { PageHeading } from '../../app/page-heading';
import { usePageTitle } from '../../app/use-page-title';
import { useShell } from '../../app/use-shell';
import { PaymentCards } from '../billing/payment-cards';
import { PaymentHistory } from '../billing/payment-history';
import { UnpaidBillBanner } from '../billing/unpaid-bill-banner';
import { UsageCard } from './check-plan-usage';
import { contractProgress } from './plan-format';
import { useCheckPlan } from './plans-api';
import { FlagList, MonthlyPrice, VersionBadge } from './plans-ui';

/** The initial creative fee, charged separately (JPY, tax excluded). */
const INITIAL_CREATIVE_FEE = 100_000;

const STATUS_COLORS: Record<TContractStatus, string> = {
  ACTIVE: 'teal',
  SUSPENDED: 'orange',
  TERMINATED: 'red',
  INACTIVE: 'gray',
};

/** /{prefix}/check-plan: the caller's plan version, contract, limits with usage, and the rules. */
export function CheckPlanPage() {
  const { t } = useTranslation();
  usePageTitle(t('plans.check.title'));
  const { prefix } = useShell();
  const query = useCheckPlan();
  const info = query.data?.data;

  return (
    <Stack gap="lg" data-testid="check-plan-page">
      <PageHeading
        title={t('plans.check.title')}
        subtitle={t('plans.check.subtitle')}
        actions={
          <Button
            variant="default"
            component={Link}
            to={`/${prefix}/plan`}
            rightSection={<IconArrowRight size={16} />}
            data-testid="catalogue-link"
          >
            {t('plans.check.compare')}
          </Button>
        }
      />
      <UnpaidBillBanner page="check-plan" />
      {query.isPending ? (
        <Stack gap="lg">
          <Skeleton height={260} radius="lg" />
          <Skeleton height={200} radius="lg" />
        </Stack>
      ) : query.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('plans.loadFailed')}</Text>
            <Button size="xs" variant="white" onClick={() => query.refetch()}>
              {t('plans.retry')}
            </Button>
          </Group>
        </Alert>
      ) : info ? (
        <>
          <Grid gutter="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <PlanCard info={info} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <ContractCard info={info} />
            </Grid.Col>
          </Grid>
          <UsageCard info={info} />
          <PaymentHistory accountId={info.account.id} />
          <PaymentCards />
          <RulesCard />
        </>
      ) : (
        <Card data-testid="check-plan-none">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon size={40} radius="xl" variant="light" color="gray">
              <IconInfoCircle size={22} />
            </ThemeIcon>
            <Stack gap={6}>
              <Text fw={600}>{t('plans.check.noPlanTitle')}</Text>
              <Text size="sm" c="dimmed">
                {query.data?.message}
              </Text>
            </Stack>
          </Group>
        </Card>
      )}
    </Stack>
  );
}

function PlanCard({ info }: { info: TCheckPlan }) {
  const { t } = useTranslation();
  const { plan } = info;
  const outdated = info.currentVersion > plan.version;
  return (
    <Card h="100%" component="section" aria-label={t('plans.check.planHeading')}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} miw={0}>
            <Text size="xs" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
              {t('plans.check.planHeading')}
            </Text>
            <Title order={2} fz={26} className="break-anywhere" data-testid="check-plan-name">
              {plan.name}
            </Title>
          </Stack>
          <Group gap={6}>
            {plan.multilingual && (
              <Badge variant="filled" color="grape.9" autoContrast radius="sm" tt="none">
                {t('plans.catalogue.multi')}
              </Badge>
            )}
            <VersionBadge version={plan.version} testId="check-plan-version" />
          </Group>
        </Group>
        <MonthlyPrice price={plan.price} testId="check-plan-price" />
        {outdated && (
          <Text size="xs" c="dimmed" data-testid="check-plan-outdated">
            {t('plans.check.olderVersion', { version: plan.version, current: info.currentVersion })}
          </Text>
        )}
        {plan.retired && (
          <Text size="xs" c="orange.8">
            {t('plans.check.retiredPlan')}
          </Text>
        )}
        <Divider label={t('plans.featuresHeading')} labelPosition="left" />
        <FlagList plan={plan} />
      </Stack>
    </Card>
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Text size="sm" fw={500} component="div" className="break-anywhere" data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

function ContractCard({ info }: { info: TCheckPlan }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { contract, pendingPlan } = info;
  return (
    <Card h="100%" component="section" aria-label={t('plans.check.contractHeading')}>
      <Stack gap="md" h="100%">
        <Group justify="space-between" gap="sm">
          <Text size="xs" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
            {t('plans.check.contractHeading')}
          </Text>
          <Badge
            // White on a dark shade: readable (axe colour contrast), unlike a light tint's text.
            color={`${STATUS_COLORS[contract.status]}.9`}
            autoContrast
            variant="filled"
            radius="sm"
            tt="none"
            data-testid="check-plan-status"
            data-status={contract.status}
          >
            {t(`plans.status.${contract.status}`)}
          </Badge>
        </Group>
        <Row label={t('plans.check.account')}>{info.account.name}</Row>
        <SimpleGrid cols={2} spacing="md">
          <Row label={t('plans.check.start')} testId="check-plan-start">
            {formatDate(contract.startDate, lang)}
          </Row>
          <Row label={t('plans.check.end')} testId="check-plan-end">
            {formatDate(contract.endDate, lang)}
          </Row>
        </SimpleGrid>
        <TermProgress startDate={contract.startDate} endDate={contract.endDate} />
        {contract.status !== 'ACTIVE' && (
          <Text size="xs" c="dimmed">
            {t(`plans.check.statusNote.${contract.status}`)}
          </Text>
        )}
        {pendingPlan ? (
          <Alert
            variant="light"
            color="blue"
            icon={<IconCalendarEvent size={18} />}
            data-testid="check-plan-pending"
          >
            <Text size="sm" fw={600}>
              {t('plans.check.pendingTitle')}
            </Text>
            <Text size="sm">
              {t('plans.check.pendingBody', {
                plan: pendingPlan.name,
                price: formatYen(pendingPlan.price, lang),
                date: formatDate(pendingPlan.from, lang),
              })}
            </Text>
          </Alert>
        ) : (
          <Text size="sm" c="dimmed" data-testid="check-plan-no-pending">
            {t('plans.check.noPending')}
          </Text>
        )}
        <Text size="xs" c="dimmed" mt="auto">
          {t('plans.check.changeHint')}
        </Text>
      </Stack>
    </Card>
  );
}

function TermProgress({ startDate, endDate }: { startDate: string; endDate: string }) {
  const { t, i18n } = useTranslation();
  const { percent, daysLeft } = contractProgress(startDate, endDate, todayJst());
  return (
    <Stack gap={6} data-testid="check-plan-term">
      <Group justify="space-between" gap="xs">
        <Text size="xs" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
          {t('plans.check.term')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('plans.check.daysLeft', { days: formatCount(daysLeft, i18n.language) })}
        </Text>
      </Group>
      <Progress value={percent} size="sm" radius="xl" color="brand" aria-label={t('plans.check.term')} />
    </Stack>
  );
}

function RulesCard() {
  const { t, i18n } = useTranslation();
  const rules = [
    { icon: IconReceiptTax, text: t('plans.rules.taxExcluded') },
    { icon: IconTrendingUp, text: t('plans.rules.overLimit') },
    { icon: IconCalendarRepeat, text: t('plans.rules.minimum', { months: CONTRACT_MINIMUM_MONTHS }) },
    { icon: IconCalendarEvent, text: t('plans.rules.changeNextMonth') },
    {
      icon: IconSparkles,
      text: t('plans.rules.initialFee', { fee: formatYen(INITIAL_CREATIVE_FEE, i18n.language) }),
    },
  ];
  return (
    <Card component="section" aria-label={t('plans.rules.heading')} data-testid="check-plan-rules">
      <Stack gap="md">
        <Text size="xs" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
          {t('plans.rules.heading')}
        </Text>
        <List spacing="sm" size="sm" center listStyleType="none" p={0}>
          {rules.map((r) => (
            <List.Item
              key={r.text}
              icon={
                <ThemeIcon size={28} radius="md" variant="light" color="brand">
                  <r.icon size={16} />
                </ThemeIcon>
              }
            >
              {r.text}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  );
}
