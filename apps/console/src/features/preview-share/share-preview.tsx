import {
  ActionIcon,
  Alert,
  Button,
  CopyButton,
  Divider,
  Group,
  Loader,
  Modal,
  PasswordInput,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { zEmail } from '@swipe/contracts/auth';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { translate } from '@swipe/contracts/messages';
import {
  PREVIEW_PASSWORD,
  PREVIEW_SHARE_EMAILS_MAX,
  type TShareState,
  ZShareStateResponse,
} from '@swipe/contracts/preview-share';
import {
  IconAlertCircle,
  IconCheck,
  IconCopy,
  IconInfoCircle,
  IconLock,
  IconShare,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../app/api-client';
import { formatDateTime } from '../../app/format';
import { notifyError, notifySuccess } from '../../app/notify';
import { useSiteWriteAccess } from '../../app/write-access';
import { WriteButton, WriteIcon } from '../../app/write-control';

// Preview mode with share, security (password) and revoke popups; their success
// toasts show the server's message. One dialog holds the three: invite, the invited list with
// revoke and resend, and the password.

const keys = { share: (siteId: string) => ['preview-share', siteId] as const };
const path = (siteId: string, rest = '') => `/api/preview/site/${encodeURIComponent(siteId)}/share${rest}`;

/**
 * Opens the share dialog: a button in the editor's header, a compact button on a phone's site
 * card, an icon in the site table. Everyone who sees the site may open it (view authority reads
 * the list; its write controls stay locked with the reason).
 */
export function SharePreviewButton({
  siteId,
  siteName,
  kind = 'button',
  unsaved = false,
}: {
  siteId: string;
  siteName: string;
  kind?: 'button' | 'compact' | 'icon';
  /** The editor has changes not saved yet: invited people see the last saved draft. */
  unsaved?: boolean;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const open = () => setOpened(true);
  return (
    <>
      {kind === 'icon' ? (
        <Tooltip label={t('previewShare.open')} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            size={30}
            onClick={open}
            aria-label={t('previewShare.openFor', { name: siteName })}
            data-testid="share-preview"
          >
            <IconShare size={18} stroke={1.7} />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button
          variant="default"
          size={kind === 'compact' ? 'compact-sm' : undefined}
          leftSection={<IconShare size={kind === 'compact' ? 15 : 18} stroke={1.7} />}
          onClick={open}
          aria-label={kind === 'compact' ? t('previewShare.openFor', { name: siteName }) : undefined}
          data-testid="share-preview"
        >
          {kind === 'compact' ? t('previewShare.short') : t('previewShare.open')}
        </Button>
      )}
      {opened && (
        <ShareDialog siteId={siteId} siteName={siteName} unsaved={unsaved} onClose={() => setOpened(false)} />
      )}
    </>
  );
}

function ShareDialog({
  siteId,
  siteName,
  unsaved,
  onClose,
}: {
  siteId: string;
  siteName: string;
  unsaved: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as TUiLanguage;
  const queryClient = useQueryClient();
  const { locked, reason } = useSiteWriteAccess();
  const state = useQuery({
    queryKey: keys.share(siteId),
    queryFn: ({ signal }) =>
      api.get<TShareState>(path(siteId), { signal, toast: false, schema: ZShareStateResponse }),
  });
  const [emails, setEmails] = useState<string[]>([]);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmRevoke, setConfirmRevoke] = useState<string | null>(null);
  const [passwordOn, setPasswordOn] = useState<boolean | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);

  const data = state.data?.data;
  const wantsPassword = passwordOn ?? data?.hasPassword ?? false;

  /** Runs one write; the answer is the new state, its message the toast. */
  const run = async (label: string, request: () => Promise<{ data: TShareState; message?: string }>) => {
    setBusy(label);
    try {
      const res = await request();
      queryClient.setQueryData(keys.share(siteId), res);
      if (res.message) notifySuccess(res.message);
      return true;
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : t('previewShare.failed'));
      return false;
    } finally {
      setBusy(null);
    }
  };

  /** 'Invalid email address.' as soon as a bad address is entered; too many; none at all. */
  const emailsProblem = (list: string[], sending: boolean) => {
    if (list.some((e) => !zEmail().safeParse(e).success)) return translate('common.invalidEmail', lang);
    if (list.length > PREVIEW_SHARE_EMAILS_MAX) return translate('preview.tooManyEmails', lang);
    if (sending && list.length === 0) return translate('common.required', lang);
    return null;
  };

  const invite = async () => {
    const problem = emailsProblem(emails, true);
    if (problem) {
      setEmailError(problem);
      return;
    }
    if (
      await run('invite', () =>
        api.post(
          path(siteId),
          { emails, isPrivate: data?.isPrivate ?? true },
          { toast: false, schema: ZShareStateResponse },
        ),
      )
    )
      setEmails([]);
  };

  const setPrivate = (isPrivate: boolean) =>
    run('private', () =>
      api.post(path(siteId), { emails: [], isPrivate }, { toast: false, schema: ZShareStateResponse }),
    );

  const savePassword = async () => {
    if (wantsPassword && !password) return setPasswordError(translate('preview.passwordRequired', lang));
    if (wantsPassword && password.length < PREVIEW_PASSWORD.min)
      return setPasswordError(translate('preview.passwordTooShort', lang));
    setPasswordError(null);
    if (
      await run('password', () =>
        api.post(
          path(siteId, '/set-password'),
          { enabled: wantsPassword, ...(wantsPassword ? { password } : {}) },
          { toast: false, schema: ZShareStateResponse },
        ),
      )
    ) {
      setPassword('');
      setPasswordOn(null);
    }
  };

  return (
    <Modal opened onClose={onClose} size="lg" centered title={t('previewShare.title', { name: siteName })}>
      {state.isPending ? (
        <Group justify="center" py="xl">
          <Loader size="sm" />
        </Group>
      ) : state.isError || !data ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {t('previewShare.loadFailed')}
        </Alert>
      ) : (
        <Stack gap="lg" data-testid="share-dialog">
          {locked && (
            <Alert color="gray" variant="light" icon={<IconLock size={18} />} data-testid="share-locked">
              {reason}
            </Alert>
          )}
          {unsaved && (
            <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
              {t('previewShare.unsaved')}
            </Alert>
          )}
          <TextInput
            label={t('previewShare.link')}
            value={data.previewUrl}
            readOnly
            rightSection={
              <CopyButton value={data.previewUrl}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? t('previewShare.copied') : t('previewShare.copy')} withArrow>
                    <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy}>
                      {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            }
          />
          <Switch
            label={t('previewShare.private')}
            description={t('previewShare.privateHint')}
            checked={data.isPrivate}
            disabled={locked || busy !== null}
            onChange={(e) => void setPrivate(e.currentTarget.checked)}
            data-testid="share-private"
          />
          <Text size="sm" c="dimmed" mt={-8} data-testid="share-sign-in">
            {t(`previewShare.signIn.${data.signIn}`)}
          </Text>

          <Stack gap="xs">
            <Text fw={650}>{t('previewShare.inviteTitle')}</Text>
            <TagsInput
              label={t('previewShare.emails')}
              description={t('previewShare.emailsHint')}
              placeholder="name@example.com"
              value={emails}
              onChange={(v) => {
                const list = [...new Set(v.map((e) => e.trim().toLowerCase()).filter(Boolean))];
                setEmails(list);
                setEmailError(emailsProblem(list, false));
              }}
              splitChars={[',', ' ', ';']}
              acceptValueOnBlur
              error={emailError}
              disabled={locked}
              data-testid="share-emails"
            />
            <Group justify="flex-end">
              <WriteButton
                locked={locked}
                reason={reason}
                onClick={() => void invite()}
                loading={busy === 'invite'}
                disabled={busy !== null}
                data-testid="share-send"
              >
                {t('previewShare.send')}
              </WriteButton>
            </Group>
          </Stack>

          <Divider />
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={650}>{t('previewShare.invitedTitle', { count: data.emails.length })}</Text>
              {data.emails.length > 0 && (
                <WriteButton
                  locked={locked}
                  reason={reason}
                  size="compact-sm"
                  variant="subtle"
                  loading={busy === 'resend'}
                  disabled={busy !== null}
                  onClick={() =>
                    void run('resend', () =>
                      api.put(
                        path(siteId, '/revoke'),
                        { emails: [], resendAll: true },
                        {
                          toast: false,
                          schema: ZShareStateResponse,
                        },
                      ),
                    )
                  }
                  data-testid="share-resend"
                >
                  {t('previewShare.resendAll')}
                </WriteButton>
              )}
            </Group>
            {data.emails.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="share-empty">
                {t('previewShare.nobody')}
              </Text>
            ) : (
              data.emails.map((e) => (
                <Group
                  key={e.email}
                  justify="space-between"
                  wrap="nowrap"
                  data-testid="share-row"
                  data-email={e.email}
                >
                  <Stack gap={0} miw={0}>
                    <Text size="sm" className="break-anywhere">
                      {e.email}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('previewShare.invitedOn', { date: formatDateTime(e.invitedAt, i18n.language) })}
                    </Text>
                  </Stack>
                  <WriteIcon
                    locked={locked}
                    reason={reason}
                    label={t('previewShare.revoke')}
                    color="red"
                    variant="subtle"
                    onClick={() => setConfirmRevoke(e.email)}
                    data-testid="share-revoke"
                  >
                    <IconTrash size={17} />
                  </WriteIcon>
                </Group>
              ))
            )}
          </Stack>

          <Divider />
          <Stack gap="xs">
            <Text fw={650}>{t('previewShare.securityTitle')}</Text>
            <Switch
              label={t('previewShare.passwordOn')}
              checked={wantsPassword}
              disabled={locked}
              onChange={(e) => {
                setPasswordOn(e.currentTarget.checked);
                setPasswordError(null);
              }}
              data-testid="share-password-on"
            />
            {wantsPassword && (
              <PasswordInput
                label={data.hasPassword ? t('previewShare.newPassword') : t('previewShare.password')}
                description={data.hasPassword ? t('previewShare.passwordKept') : undefined}
                value={password}
                onChange={(e) => {
                  setPassword(e.currentTarget.value);
                  setPasswordError(null);
                }}
                maxLength={PREVIEW_PASSWORD.max}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && !locked && busy === null) void savePassword();
                }}
                error={passwordError}
                disabled={locked}
                data-testid="share-password"
              />
            )}
            <Group justify="flex-end">
              <WriteButton
                locked={locked}
                reason={reason}
                variant="light"
                loading={busy === 'password'}
                disabled={busy !== null || (wantsPassword === data.hasPassword && !password)}
                onClick={() => void savePassword()}
                data-testid="share-password-save"
              >
                {t('previewShare.savePassword')}
              </WriteButton>
            </Group>
          </Stack>
        </Stack>
      )}

      <Modal
        opened={confirmRevoke !== null}
        onClose={() => setConfirmRevoke(null)}
        centered
        size="sm"
        title={t('previewShare.revokeTitle')}
      >
        <Stack gap="md">
          <Text size="sm">{t('previewShare.revokeBody', { email: confirmRevoke ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmRevoke(null)}>
              {t('previewShare.cancel')}
            </Button>
            <Button
              color="red"
              loading={busy === 'revoke'}
              onClick={() => {
                const email = confirmRevoke!;
                setConfirmRevoke(null);
                void run('revoke', () =>
                  api.put(
                    path(siteId, '/revoke'),
                    { emails: [email], resendAll: false },
                    {
                      toast: false,
                      schema: ZShareStateResponse,
                    },
                  ),
                );
              }}
              data-testid="share-revoke-confirm"
            >
              {t('previewShare.revoke')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Modal>
  );
}
