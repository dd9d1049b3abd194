import { Skeleton, Stack } from '@mantine/core';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { creatableKinds, KIND_ACCOUNT, type TUserKind } from '@swipe/contracts/users';
import { IconInfoCircle, IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../app/api-client';
import { reportFormError, useZodForm } from '../../app/forms';
import { notifySuccess } from '../../app/notify';
import { PageHeading } from '../../app/page-heading';
import { usePageTitle } from '../../app/use-page-title';
import { useShell } from '../../app/use-shell';
import { FormActions, KindSection, LanguageSection, NewContractSection, PeopleSection } from './user-form';
import { createDefaults, type TCreateValues, toCreateBody, ZCreateForm } from './user-form-values';
import { usersApi } from './users-api';
import { UnavailableAlert } from './users-ui';

function CreateForm({
  parentId,
  parentName,
  kinds,
}: {
  parentId: string;
  parentName: string;
  kinds: TUserKind[];
}) {
  const { t, i18n } = useTranslation();
  const { prefix } = useShell();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useZodForm<TCreateValues>(
    ZCreateForm,
    createDefaults(parentId, kinds[0]!, (i18n.language as TUiLanguage) ?? 'ja'),
  );
  const create = useMutation({
    mutationFn: (v: TCreateValues) => usersApi.create(toCreateBody(v), { toast: false }),
  });
  const newAccount = KIND_ACCOUNT[form.values.kind].newAccount;

  // Errors of fields that a kind switch hid must not block the other kind.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the kind only
  useEffect(() => {
    form.clearErrors();
  }, [form.values.kind]);

  const submit = form.onSubmit(async (values) => {
    try {
      const { data, message } = await create.mutateAsync(values);
      void queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
      notifySuccess(message ?? t('users.form.created'));
      void navigate(`/${prefix}/user/${data.id}`);
    } catch (error) {
      reportFormError(form, error);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="create-user-form">
      <Stack gap="lg">
        <KindSection form={form} kinds={kinds} parentName={parentName} />
        <PeopleSection
          form={form as never}
          withCompany={newAccount}
          joinsAccount={newAccount ? undefined : parentName}
        />
        {newAccount && <NewContractSection form={form} />}
        <LanguageSection form={form} />
        <FormActions
          cancelTo={`/${prefix}/user-list`}
          cancelLabel={t('users.cancel')}
          submitLabel={t('users.form.submitCreate')}
          submitIcon={<IconUserPlus size={18} stroke={1.7} />}
          loading={create.isPending}
        />
      </Stack>
    </form>
  );
}

/** /{prefix}/create-user/:id: a new user (and usually a new account with its contract) under account :id. */
export function CreateUserPage() {
  const { t } = useTranslation();
  usePageTitle(t('users.form.createTitle'));
  const { id = '' } = useParams();
  const { user } = useShell();
  const parent = useQuery({
    queryKey: ['accounts', id],
    queryFn: ({ signal }) => usersApi.account(id, { signal, toast: false }),
  });
  const account = parent.data?.data;
  const kinds = account ? creatableKinds(user.actingRole, account.type) : [];

  return (
    <Stack gap="lg" maw={960} data-testid="create-user-page">
      <PageHeading
        title={t('users.form.createTitle')}
        subtitle={account ? t('users.form.createSubtitle', { account: account.name }) : undefined}
      />
      {parent.isPending ? (
        <Stack gap="lg">
          <Skeleton height={160} radius="lg" />
          <Skeleton height={260} radius="lg" />
        </Stack>
      ) : !account || kinds.length === 0 ? (
        <UnavailableAlert icon={<IconInfoCircle size={18} />} testId="create-user-unavailable">
          {parent.error instanceof ApiError && parent.error.status !== 404
            ? parent.error.message
            : t('users.form.noKinds')}
        </UnavailableAlert>
      ) : (
        <CreateForm parentId={account.id} parentName={account.name} kinds={kinds} />
      )}
    </Stack>
  );
}
