import { Alert, Group, Skeleton, Stack } from '@mantine/core';
import { type TUserDetail, USER_KIND_SLUGS } from '@swipe/contracts/users';
import { IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { reportFormError, useZodForm } from '../../app/forms';
import { notifySuccess } from '../../app/notify';
import { PageHeading } from '../../app/page-heading';
import { usePageTitle } from '../../app/use-page-title';
import { useShell } from '../../app/use-shell';
import { useWriteAccess } from '../../app/write-access';
import { useApplyDetail } from './contract-action-modal';
import { ExistingContractSection, FormActions, LogoOnlySection, PeopleSection } from './user-form';
import { type TUpdateValues, toUpdateBody, updateDefaults, updateSchema } from './user-form-values';
import { usersApi } from './users-api';
import { KindBadge, UnavailableAlert } from './users-ui';

function UpdateForm({ detail }: { detail: TUserDetail }) {
  const { t } = useTranslation();
  const { prefix } = useShell();
  const navigate = useNavigate();
  const apply = useApplyDetail();
  const form = useZodForm<TUpdateValues>(updateSchema(detail), updateDefaults(detail));
  const save = useMutation({
    mutationFn: (v: TUpdateValues) => usersApi.update(detail.id, toUpdateBody(v, detail), { toast: false }),
  });
  const status = detail.contract?.status;
  const terminated = status === 'TERMINATED' || status === 'INACTIVE';
  const { locked, reason } = useWriteAccess();
  const readOnly = terminated || !detail.editable;
  const detailPath = `/${prefix}/user/${detail.id}`;

  const submit = form.onSubmit(async (values) => {
    if (readOnly) return;
    try {
      const { data, message } = await save.mutateAsync(values);
      apply(data);
      notifySuccess(message ?? t('users.form.updated'));
      void navigate(detailPath);
    } catch (error) {
      reportFormError(form, error);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="update-user-form">
      <Stack gap="lg">
        {readOnly && (
          <Alert
            color="gray"
            variant="light"
            icon={<IconLock size={18} />}
            title={t(terminated ? 'users.detail.terminatedTitle' : 'users.form.readOnlyTitle')}
            data-testid="update-read-only"
          >
            {terminated ? t('users.form.terminatedBody') : locked ? reason : t('users.form.notEditable')}
          </Alert>
        )}
        <PeopleSection form={form as never} withCompany={detail.ownsContract} disabled={readOnly} editing />
        {detail.ownsContract && detail.contract ? (
          <ExistingContractSection
            form={form}
            planName={detail.contract.planName}
            startDate={detail.contract.startDate}
            disabled={readOnly}
          />
        ) : detail.ownsContract ? (
          <LogoOnlySection form={form} disabled={readOnly} />
        ) : null}
        <FormActions
          cancelTo={detailPath}
          cancelLabel={readOnly ? t('users.form.backToDetail') : t('users.cancel')}
          submitLabel={t('users.form.submitUpdate')}
          submitIcon={<IconDeviceFloppy size={18} stroke={1.7} />}
          withSubmit={!readOnly || (locked && !terminated)}
          loading={save.isPending}
        />
      </Stack>
    </form>
  );
}

/** /{prefix}/update-user/:type/:id: the user's details and contract end; read-only once terminated. */
export function UpdateUserPage() {
  const { t } = useTranslation();
  usePageTitle(t('users.form.updateTitle'));
  const { type = '', id = '' } = useParams();
  const { prefix } = useShell();
  const detail = useQuery({
    queryKey: ['users', 'detail', id],
    queryFn: ({ signal }) => usersApi.get(id, { signal }),
  });
  const d = detail.data?.data;
  if (d && USER_KIND_SLUGS[d.kind] !== type)
    return <Navigate to={`/${prefix}/update-user/${USER_KIND_SLUGS[d.kind]}/${d.id}`} replace />;

  return (
    <Stack gap="lg" maw={960} data-testid="update-user-page">
      <PageHeading
        title={t('users.form.updateTitle')}
        subtitle={
          d ? (
            <Group gap="xs">
              <span className="break-anywhere">{d.companyName}</span>
              <KindBadge kind={d.kind} />
            </Group>
          ) : undefined
        }
      />
      {detail.isPending ? (
        <Stack gap="lg">
          <Skeleton height={260} radius="lg" />
          <Skeleton height={180} radius="lg" />
        </Stack>
      ) : d ? (
        // Keyed by the id so that a refetched detail does not reset what the user typed.
        <UpdateForm key={d.id} detail={d} />
      ) : (
        <UnavailableAlert testId="update-user-unavailable">{detail.error?.message}</UnavailableAlert>
      )}
    </Stack>
  );
}
