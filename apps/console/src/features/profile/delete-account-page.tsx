import {
  Alert,
  Button,
  Card,
  Group,
  List,
  Modal,
  PasswordInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { addMonths } from '@swipe/contracts/billing';
import { ZDeleteAccountRequest } from '@swipe/contracts/profile';
import { minimumTermBills } from '@swipe/contracts/users';
import {
  IconAlertTriangle,
  IconBuilding,
  IconCalendarDue,
  IconEye,
  IconHistoryOff,
  IconLock,
  IconTrash,
  IconUserOff,
  IconWorldOff,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatLongDate, formatMonth, formatYen, todayJst } from '../../app/format';
import { reportFormError, useZodForm } from '../../app/forms';
import { notifySuccess } from '../../app/notify';
import { clearSession } from '../../app/session';
import { usePageTitle } from '../../app/use-page-title';
import { useShell } from '../../app/use-shell';
import { useWriteAccess } from '../../app/write-access';
import { WriteButton } from '../../app/write-control';
import { deletionSummaryKey, profileApi } from './profile-api';

type TValues = { password: string; confirmation: string };

function Fact({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase" lts="0.04em">
        {label}
      </Text>
      <Text size="sm" fw={600} className="break-anywhere" data-testid={testId} component="div">
        {value}
      </Text>
    </Stack>
  );
}

function What({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <List.Item
      icon={
        <ThemeIcon size={28} radius="xl" variant="light" color="red">
          {icon}
        </ThemeIcon>
      }
    >
      <Text size="sm">{children}</Text>
    </List.Item>
  );
}

/** /{prefix}/delete-account: explains the consequences, then deletes the caller's account. */
export function DeleteAccountPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('profile.delete.title'));
  const { user } = useShell();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { locked, reason, cause } = useWriteAccess();
  const [confirming, setConfirming] = useState(false);

  const summary = useQuery({
    queryKey: deletionSummaryKey,
    queryFn: ({ signal }) => profileApi.deletionSummary({ signal }).then((r) => r.data),
  });
  const form = useZodForm<TValues>(ZDeleteAccountRequest, { password: '', confirmation: '' });

  const remove = useMutation({
    mutationFn: (values: TValues) => profileApi.deleteAccount(values, { toast: false }),
    onSuccess: ({ message }) => {
      // The account is gone: so is this session. The login page tells what happened.
      clearSession();
      queryClient.clear();
      void navigate('/login', { replace: true });
      if (message) notifySuccess(message);
    },
    onError: (error) => {
      setConfirming(false);
      reportFormError(form, error);
    },
  });

  const formatDate = (day: string) => formatLongDate(day, i18n.language);
  const data = summary.data;
  const end = data?.contract ? formatDate(data.contract.endDate) : '';
  // The bills the minimum term still brings after today's deletion (the monthly run's rule).
  const term = data?.contract ? minimumTermBills(data.contract, todayJst()) : null;
  const fees = !term
    ? t('profile.delete.whatFeesNoContract')
    : term.months.length > 0
      ? t('profile.delete.whatFeesBilled', {
          fee: formatYen(term.monthlyFee, i18n.language),
          month: formatMonth(term.months.at(-1)!, i18n.language),
          date: formatDate(term.minimumEnd),
          count: term.months.length,
          total: formatYen(term.total, i18n.language),
        })
      : t('profile.delete.whatFeesOver', {
          date: formatDate(term.minimumEnd),
          next: formatDate(`${addMonths(todayJst().slice(0, 7), 1)}-01`),
        });

  return (
    <Stack gap="lg" maw={880} data-testid="delete-account-page">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('profile.delete.title')}
        </Title>
        <Text c="dimmed">{t('profile.delete.subtitle')}</Text>
      </Stack>

      {locked && (
        <Alert variant="light" color="gray" icon={<IconEye size={18} />} data-testid="delete-view-only">
          {cause === 'viewOnly' ? t('profile.delete.viewOnly') : reason}
        </Alert>
      )}

      <Card withBorder p={{ base: 'md', sm: 'xl' }}>
        {summary.isPending ? (
          <Stack gap="sm" data-testid="delete-loading">
            <Skeleton height={14} width="30%" />
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} height={36} />
              ))}
            </SimpleGrid>
          </Stack>
        ) : summary.isError || !data ? (
          <Stack align="center" gap="sm" py="md">
            <Text c="dimmed">{t('profile.delete.loadError')}</Text>
            <Button variant="default" onClick={() => summary.refetch()}>
              {t('profile.delete.retry')}
            </Button>
          </Stack>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="lg" verticalSpacing="md">
            <Fact label={t('profile.delete.account')} value={data.accountName} testId="delete-account-name" />
            <Fact
              label={t('profile.delete.plan')}
              value={data.contract?.planName ?? t('profile.delete.noContract')}
            />
            <Fact
              label={t('profile.delete.period')}
              testId="delete-contract-period"
              value={
                data.contract
                  ? t('profile.delete.periodValue', { start: formatDate(data.contract.startDate), end })
                  : t('profile.delete.noContract')
              }
            />
            <Fact
              label={t('profile.delete.accountsBelow')}
              value={data.accountsBelow}
              testId="delete-accounts-below"
            />
            <Fact label={t('profile.delete.people')} value={data.users} testId="delete-people" />
          </SimpleGrid>
        )}
      </Card>

      <Card withBorder p={{ base: 'md', sm: 'xl' }} style={{ borderColor: 'var(--mantine-color-red-3)' }}>
        <Stack gap="md">
          <Group gap="xs" wrap="nowrap">
            <IconAlertTriangle size={20} color="var(--mantine-color-red-7)" />
            <Title order={2} fz="lg">
              {t('profile.delete.whatTitle')}
            </Title>
          </Group>
          <List spacing="sm" center pl={0} data-testid="delete-consequences">
            <What icon={<IconCalendarDue size={16} />}>
              <span data-testid="delete-minimum-term">
                {fees}
                {(data?.accountsBelow ?? 0) > 0 && ` ${t('profile.delete.whatFeesBelow')}`}
              </span>
            </What>
            <What icon={<IconBuilding size={16} />}>
              {t('profile.delete.whatAccounts', {
                name: data?.accountName ?? user.accountName,
                count: data?.accountsBelow ?? 0,
              })}
            </What>
            <What icon={<IconUserOff size={16} />}>
              {t('profile.delete.whatSignOut', { count: data?.users ?? 0 })}
            </What>
            <What icon={<IconLock size={16} />}>{t('profile.delete.whatData')}</What>
            <What icon={<IconWorldOff size={16} />}>{t('profile.delete.whatContract')}</What>
            <What icon={<IconHistoryOff size={16} />}>
              <Text span fw={700} size="sm">
                {t('profile.delete.whatFinal')}
              </Text>
            </What>
          </List>
        </Stack>
      </Card>

      <Card withBorder p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="delete-form-title">
        <form
          noValidate
          onSubmit={form.onSubmit(() => {
            if (!locked) setConfirming(true);
          })}
        >
          <Stack gap="md" maw={480}>
            <Title order={2} fz="lg" id="delete-form-title">
              {t('profile.delete.formTitle')}
            </Title>
            <PasswordInput
              label={t('profile.delete.password')}
              autoComplete="current-password"
              withAsterisk
              disabled={locked}
              data-testid="delete-password"
              {...form.getInputProps('password')}
            />
            <TextInput
              label={t('profile.delete.confirmation')}
              description={t('profile.delete.confirmationHint', {
                name: data?.accountName ?? user.accountName,
              })}
              withAsterisk
              autoComplete="off"
              disabled={locked}
              data-testid="delete-confirmation"
              {...form.getInputProps('confirmation')}
            />
            <Group>
              <WriteButton
                locked={locked}
                reason={reason}
                type="submit"
                color="red"
                leftSection={<IconTrash size={16} />}
                disabled={!locked && !data}
                data-testid="delete-submit"
              >
                {t('profile.delete.submit')}
              </WriteButton>
            </Group>
          </Stack>
        </form>
      </Card>

      <Modal
        opened={confirming}
        onClose={() => !remove.isPending && setConfirming(false)}
        title={
          <Text fw={650} fz="lg">
            {t('profile.delete.confirm.title', { name: data?.accountName ?? user.accountName })}
          </Text>
        }
        centered
        data-testid="delete-confirm"
      >
        <Stack gap="lg">
          <Text size="sm">{t('profile.delete.confirm.body')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={remove.isPending}>
              {t('profile.delete.confirm.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(form.getValues())}
              data-testid="delete-confirm-submit"
            >
              {t('profile.delete.confirm.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
