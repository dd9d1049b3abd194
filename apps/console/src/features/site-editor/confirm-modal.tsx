import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A change waiting for the creator's yes: what the dialog says, and what runs on confirming. */
export type TConfirm = { title: string; body: string; confirm: string; run: () => void } | null;

/** A change that throws entered data away runs only after the creator confirms it. */
export function ConfirmModal({ pending, onClose }: { pending: TConfirm; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={pending !== null} onClose={onClose} title={pending?.title} centered>
      <Stack gap="md">
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
          {pending?.body}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid="confirm-cancel">
            {t('siteEditor.cancel')}
          </Button>
          <Button
            color="orange"
            onClick={() => {
              pending?.run();
              onClose();
            }}
            data-testid="confirm-ok"
          >
            {pending?.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
