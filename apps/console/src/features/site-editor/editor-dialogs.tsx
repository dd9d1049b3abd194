import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { TSiteDetail } from '@swipe/contracts/site-api';
import type { TSiteDocument } from '@swipe/contracts/sites';
import { useTranslation } from 'react-i18next';
import { PrePublishPanel } from './pre-publish-panel';

// The site editor's dialogs: publishing or making private (with the pre-publish check), a save
// that would delete the contact submissions, and someone else's newer save.

/** Publish (with the pre-publish check; its errors block) or make private, after a yes. */
export function ConfirmSaveModal(props: {
  confirm: 'PUBLISH' | 'PRIVATE' | null;
  doc: TSiteDocument;
  media: TSiteDetail['mediaSizes'] | undefined;
  blocked: boolean;
  onClose: () => void;
  onConfirm: (mode: 'PUBLISH' | 'PRIVATE') => void;
  /** Opens a field of the check's list (its tab, page and input). */
  onGo: (path: string) => void;
}) {
  const { t } = useTranslation();
  const { confirm } = props;
  return (
    <Modal
      opened={confirm !== null}
      onClose={props.onClose}
      centered
      title={
        confirm === 'PRIVATE' ? t('siteEditor.confirmPrivateTitle') : t('siteEditor.confirmPublishTitle')
      }
    >
      <Stack gap="md">
        <Text size="sm">
          {confirm === 'PRIVATE' ? t('siteEditor.confirmPrivateBody') : t('siteEditor.confirmPublishBody')}
        </Text>
        {confirm === 'PUBLISH' && (
          <PrePublishPanel doc={props.doc} media={props.media ?? undefined} onGo={props.onGo} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('siteEditor.cancel')}
          </Button>
          <Button
            color={confirm === 'PRIVATE' ? 'orange' : undefined}
            disabled={props.blocked}
            onClick={() => props.onConfirm(confirm!)}
            data-testid="confirm-save"
          >
            {confirm === 'PRIVATE' ? t('siteEditor.makePrivate') : t('siteEditor.publish')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A changed contact form deletes the contact submissions: the save or restore waits for a yes. */
export function ContactResetModal(props: { opened: boolean; onClose: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={props.opened} onClose={props.onClose} centered title={t('siteEditor.contactReset.title')}>
      <Stack gap="md" data-testid="contact-reset-dialog">
        <Text size="sm">{t('siteEditor.contactReset.body')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose} data-testid="contact-reset-cancel">
            {t('siteEditor.cancel')}
          </Button>
          <Button color="red" onClick={props.onConfirm} data-testid="contact-reset-confirm">
            {t('siteEditor.contactReset.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Someone saved first: take their version or keep this one over it (nothing closes it otherwise). */
export function ConflictModal(props: { opened: boolean; onReload: () => void; onOverwrite: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={<Text fw={650}>{t('siteEditor.conflict.title')}</Text>}
    >
      <Stack gap="md" data-testid="conflict-dialog">
        <Text size="sm">{t('siteEditor.conflict.body')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onReload} data-testid="conflict-reload">
            {t('siteEditor.conflict.reload')}
          </Button>
          <Button color="red" onClick={props.onOverwrite} data-testid="conflict-overwrite">
            {t('siteEditor.conflict.overwrite')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
