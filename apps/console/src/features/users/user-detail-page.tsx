import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  creatableKinds,
  type TContractAction,
  type TUserDetail,
  USER_KIND_SLUGS,
} from '@swipe/contracts/users';
import {
  IconArrowLeft,
  IconBuildingSkyscraper,
  IconCalendarEvent,
  IconEdit,
  IconFileText,
  IconLock,
  IconPlayerPause,
  IconReplace,
  IconUser,
  IconUserPlus,
  IconX,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../app/api-client';
import { formatDate, formatDateTime } from '../../app/format';
import { PageHeading } from '../../app/page-heading';
import { usePageTitle } from '../../app/use-page-title';
import { useShell } from '../../app/use-shell';
import { useWriteAccess } from '../../app/write-access';
import { WriteButton } from '../../app/write-control';
import { CancelPlanChangeModal, ChangePlanModal } from './change-plan-modal';
import { ACTION_LOOK, ContractActionModal } from './contract-action-modal';
import { ContractHistory } from './contract-history';
import { actionsForStatus } from './user-format';
import { usersApi } from './users-api';
import { Field, KindBadge, Muted, StatusBadge } from './users-ui';

const ACTION_KEYS = { SUSPEND: 'suspend', RESUME: 'resume', TERMINATE: 'terminate' } as const;

function DetailSkeleton() {
  return (
    <Stack gap="lg" data-testid="user-detail-loading" aria-busy="true">
      <Skeleton height={16} width={120} />
      <Skeleton height={34} width="45%" />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Skeleton height={260} radius="lg" />
        <Skeleton height={260} radius="lg" />
      </SimpleGrid>
      <Skeleton height={180} radius="lg" />
    </Stack>
  );
}

function BackLink() {
  const { t } = useTranslation();
  const { prefix } = useShell();
  return (
    <Anchor component={Link} to={`/${prefix}/user-list`} size="sm" c="dimmed" data-testid="back-to-list">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={16} />
        {t('users.detail.back')}
      </Group>
    </Anchor>
  );
}

function PlanValue({
  detail,
  canWrite,
  onCancel,
}: {
  detail: TUserDetail;
  canWrite: boolean;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { locked, reason } = useWriteAccess();
  const c = detail.contract;
  if (!c) return <Muted>{t('users.detail.noContract')}</Muted>;
  return (
    <Stack gap={6}>
      <Group gap={6}>
        <span data-testid="detail-plan">{c.planName}</span>
        <Badge size="xs" variant="outline" color="gray" radius="sm" tt="none">
          {t('users.detail.version', { version: c.planVersion })}
        </Badge>
      </Group>
      {c.pendingPlan && (
        <Group gap={6} wrap="wrap" data-testid="pending-plan">
          <Badge
            color="orange"
            variant="light"
            radius="sm"
            tt="none"
            leftSection={<IconCalendarEvent size={12} />}
          >
            {t('users.detail.pending', {
              plan: c.pendingPlan.planName,
              date: formatDate(c.pendingPlan.from, i18n.language),
            })}
          </Badge>
          {canWrite && (
            <WriteButton
              locked={locked}
              reason={reason}
              size="compact-xs"
              variant="subtle"
              color="red"
              leftSection={<IconX size={12} />}
              onClick={onCancel}
              data-testid="pending-plan-cancel"
            >
              {t('users.detail.cancelPending')}
            </WriteButton>
          )}
        </Group>
      )}
    </Stack>
  );
}

function DetailBody({ detail }: { detail: TUserDetail }) {
  const { t, i18n } = useTranslation();
  const { user, prefix } = useShell();
  const { locked, reason } = useWriteAccess();
  const [action, setAction] = useState<TContractAction | null>(null);
  const [planOpen, setPlanOpen] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  const c = detail.contract;
  const terminated = c?.status === 'TERMINATED' || c?.status === 'INACTIVE';
  // A locked user (view-only, or under a suspended contract) sees what an editor could do,
  // disabled, instead of a page without controls.
  const canWrite = detail.editable || (locked && !terminated);
  const actions = locked ? (canWrite ? actionsForStatus(c?.status) : []) : detail.allowedActions;
  const canChangePlan = canWrite && detail.ownsContract && c?.status === 'ACTIVE';
  const isAccountVariant = detail.kind === 'OEM_MASTER' || detail.kind === 'OEM_ADMIN';
  const createKinds =
    detail.kind === 'OEM_MASTER' && !terminated ? creatableKinds(user.actingRole, detail.accountType) : [];
  const none = <Muted>{t('users.detail.none')}</Muted>;
  const yesNo = (on: boolean, yes: string, no: string) => (
    <Badge variant="light" color={on ? 'teal' : 'gray'} radius="sm" tt="none">
      {on ? yes : no}
    </Badge>
  );

  return (
    <Stack gap="lg" data-testid="user-detail-page" data-read-only={terminated || !detail.editable}>
      <BackLink />
      <PageHeading
        title={
          <Group gap="sm" wrap="nowrap" align="center" miw={0}>
            <ThemeIcon size={44} radius="md" variant="light" color={isAccountVariant ? 'grape' : 'brand'}>
              {isAccountVariant ? <IconBuildingSkyscraper size={24} /> : <IconUser size={24} />}
            </ThemeIcon>
            <Stack gap={4} miw={0}>
              <Title
                order={1}
                fz={{ base: 22, sm: 26 }}
                className="break-anywhere"
                data-testid="detail-company"
              >
                {detail.companyName}
              </Title>
              <Group gap={6} wrap="wrap">
                <KindBadge kind={detail.kind} />
                <StatusBadge status={c?.status} />
                <Text size="xs" c="dimmed">
                  {t(isAccountVariant ? 'users.detail.accountVariant' : 'users.detail.directVariant')}
                </Text>
              </Group>
            </Stack>
          </Group>
        }
        actions={
          canWrite && (
            <>
              <WriteButton
                locked={locked}
                reason={reason}
                component={Link}
                to={`/${prefix}/update-user/${USER_KIND_SLUGS[detail.kind]}/${detail.id}`}
                variant="default"
                leftSection={<IconEdit size={18} stroke={1.7} />}
                data-testid="user-edit"
              >
                {t('users.detail.edit')}
              </WriteButton>
              {canChangePlan && (
                <WriteButton
                  locked={locked}
                  reason={reason}
                  variant="default"
                  leftSection={<IconReplace size={18} stroke={1.7} />}
                  onClick={() => setPlanOpen(true)}
                  data-testid="change-plan"
                >
                  {t('users.detail.changePlan')}
                </WriteButton>
              )}
              {actions.map((a) => {
                const Icon = ACTION_LOOK[a].icon;
                return (
                  <WriteButton
                    key={a}
                    locked={locked}
                    reason={reason}
                    variant={a === 'TERMINATE' ? 'outline' : 'light'}
                    color={ACTION_LOOK[a].color}
                    leftSection={<Icon size={18} stroke={1.7} />}
                    onClick={() => setAction(a)}
                    data-testid={`contract-${ACTION_KEYS[a]}`}
                  >
                    {t(`users.actions.${ACTION_KEYS[a]}.button`)}
                  </WriteButton>
                );
              })}
            </>
          )
        }
      />

      {terminated && (
        <Alert
          color="gray"
          variant="light"
          icon={<IconLock size={18} />}
          title={t('users.detail.terminatedTitle')}
          data-testid="detail-read-only"
        >
          {t('users.detail.terminatedBody')}
        </Alert>
      )}
      {c?.status === 'SUSPENDED' && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconPlayerPause size={18} />}
          title={t('users.detail.suspendedTitle')}
        >
          {t('users.detail.suspendedBody')}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card component="section" aria-labelledby="account-title" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <Group gap="xs">
              <IconUser size={20} stroke={1.7} />
              <Title order={2} fz="lg" id="account-title">
                {t('users.detail.accountSection')}
              </Title>
            </Group>
            <SimpleGrid cols={2} spacing="lg" verticalSpacing="md">
              <Field label={t('users.fields.companyName')} testId="detail-company-name">
                {detail.companyName}
              </Field>
              <Field label={t('users.fields.email')} testId="detail-email">
                {detail.email}
              </Field>
              <Field label={t('users.fields.contactName')} testId="detail-contact">
                {detail.contactName}
              </Field>
              <Field label={t('users.fields.managerName')}>{detail.managerName || none}</Field>
              <Field label={t('users.fields.accountType')} testId="detail-kind">
                {t(`users.kind.${detail.kind}`)}
              </Field>
              <Field label={t('users.fields.parentAccount')}>{detail.parentAccountName ?? none}</Field>
              <Field label={t('users.fields.authority')} testId="detail-authority">
                {t(`users.authority.${detail.authority}`)}
              </Field>
              <Field label={t('users.fields.lastLoginAt')}>
                {detail.lastLoginAt ? (
                  formatDateTime(detail.lastLoginAt, i18n.language)
                ) : (
                  <Muted>{t('users.detail.neverSignedIn')}</Muted>
                )}
              </Field>
            </SimpleGrid>
          </Stack>
        </Card>

        <Card component="section" aria-labelledby="contract-title" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <Group gap="xs">
              <IconFileText size={20} stroke={1.7} />
              <Title order={2} fz="lg" id="contract-title">
                {t('users.detail.contractSection')}
              </Title>
            </Group>
            {!detail.ownsContract && c && (
              <Text size="sm" c="dimmed">
                {t('users.detail.sharedContract', { name: detail.companyName })}
              </Text>
            )}
            <SimpleGrid cols={2} spacing="lg" verticalSpacing="md">
              <Field label={t('users.fields.plan')}>
                <PlanValue detail={detail} canWrite={canChangePlan} onCancel={() => setCancelOpen(true)} />
              </Field>
              <Field label={t('users.fields.status')} testId="detail-status">
                {c ? t(`users.status.${c.status}`) : none}
              </Field>
              <Field label={t('users.fields.contractStartDate')} testId="detail-start">
                {c ? formatDate(c.startDate, i18n.language) : none}
              </Field>
              <Field label={t('users.fields.contractEndDate')} testId="detail-end">
                {c ? formatDate(c.endDate, i18n.language) : none}
              </Field>
              <Field label={t('users.fields.licenseIssued')}>
                {c ? yesNo(c.licenseIssued, t('users.detail.granted'), t('users.detail.notGranted')) : none}
              </Field>
              <Field label={t('users.fields.logoEnabled')}>
                {yesNo(detail.logoEnabled, t('users.detail.logoOn'), t('users.detail.logoOff'))}
              </Field>
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              {t('users.detail.minimumTerm')}
            </Text>
          </Stack>
        </Card>
      </SimpleGrid>

      {createKinds.length > 0 && (
        <Card component="section" data-testid="account-children" p={{ base: 'md', sm: 'xl' }}>
          <Group justify="space-between" gap="md" wrap="wrap">
            <Stack gap={2} style={{ flex: '1 1 260px' }}>
              <Text fw={600}>{t('users.detail.childrenTitle')}</Text>
              <Text size="sm" c="dimmed">
                {t('users.detail.childrenBody', {
                  kinds: createKinds.map((k) => t(`users.kind.${k}`)).join(t('users.listSeparator')),
                })}
              </Text>
            </Stack>
            <WriteButton
              locked={locked}
              reason={reason}
              component={Link}
              to={`/${prefix}/create-user/${detail.accountId}`}
              variant="light"
              leftSection={<IconUserPlus size={18} stroke={1.7} />}
              data-testid="create-under-account"
            >
              {t('users.detail.createUnder')}
            </WriteButton>
          </Group>
        </Card>
      )}

      <ContractHistory userId={detail.id} />

      <ContractActionModal action={action} detail={detail} onClose={() => setAction(null)} />
      <ChangePlanModal opened={planOpen} detail={detail} onClose={() => setPlanOpen(false)} />
      <CancelPlanChangeModal opened={cancelOpen} detail={detail} onClose={() => setCancelOpen(false)} />
    </Stack>
  );
}

/** /{prefix}/user/:id: one user with its company, contract, actions and history. */
export function UserDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const detail = useQuery({
    queryKey: ['users', 'detail', id],
    queryFn: ({ signal }) => usersApi.get(id, { signal, toast: false }),
  });
  usePageTitle(detail.data?.data.companyName ?? t('users.detail.title'));

  if (detail.isPending) return <DetailSkeleton />;
  if (detail.isError) {
    const notFound = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <Stack gap="lg">
        <BackLink />
        <Card>
          <Stack align="center" gap="xs" py="xl" data-testid="user-detail-error">
            <Text fw={600}>{t(notFound ? 'users.detail.notFoundTitle' : 'users.detail.loadFailed')}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {notFound ? t('users.detail.notFoundBody') : detail.error.message}
            </Text>
            {!notFound && (
              <Button variant="light" mt="xs" onClick={() => void detail.refetch()}>
                {t('users.retry')}
              </Button>
            )}
          </Stack>
        </Card>
      </Stack>
    );
  }
  return <DetailBody detail={detail.data.data} />;
}
