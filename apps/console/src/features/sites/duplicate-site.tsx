import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { TSiteSummary } from '@swipe/contracts/site-api';
import { IconCopy } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../app/notify';
import { useShell } from '../../app/use-shell';
import { useSiteWriteAccess } from '../../app/write-access';
import { WriteButton, WriteIcon } from '../../app/write-control';
import { sitePaths } from './site-format';
import { siteKeys, sitesApi } from './sites-api';

// "Duplicate" of a site row: confirms, asks the server for a draft copy (within the plan: a
// refusal shows the server's message as a toast), then opens the copy in the editor.

export function DuplicateSiteAction({ site, labelled }: { site: TSiteSummary; labelled: boolean }) {
  const { t } = useTranslation();
  const { prefix } = useShell();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const write = useSiteWriteAccess();
  const [opened, setOpened] = useState(false);
  const copy = useMutation({
    mutationFn: () => sitesApi.duplicate(site.id),
    onSuccess: (res) => {
      notifySuccess(res.message ?? t('sites.duplicate.done'));
      void queryClient.invalidateQueries({ queryKey: siteKeys.lists });
      void queryClient.invalidateQueries({ queryKey: ['check-plan'] });
      queryClient.setQueryData(['sites', 'detail', res.data.id], res);
      setOpened(false);
      navigate(sitePaths(prefix).edit(res.data.id));
    },
  });
  const label = t('sites.actions.duplicate');
  const start = () => {
    copy.reset();
    setOpened(true);
  };

  return (
    <>
      {labelled ? (
        <WriteButton
          locked={write.locked}
          reason={write.reason}
          size="compact-sm"
          variant="default"
          leftSection={<IconCopy size={15} stroke={1.7} />}
          onClick={start}
          data-testid="site-duplicate"
        >
          {label}
        </WriteButton>
      ) : (
        <WriteIcon
          locked={write.locked}
          reason={write.reason}
          label={label}
          color="gray"
          variant="subtle"
          size={30}
          bg={write.locked ? 'transparent' : undefined}
          onClick={start}
          data-testid="site-duplicate"
        >
          <IconCopy size={18} stroke={1.7} />
        </WriteIcon>
      )}
      <Modal
        opened={opened}
        onClose={() => !copy.isPending && setOpened(false)}
        title={<Text fw={650}>{t('sites.duplicate.title')}</Text>}
        centered
      >
        <Stack gap="md" data-testid="duplicate-site-modal">
          <Text size="sm" className="break-anywhere">
            {t('sites.duplicate.intro', { name: site.name })}
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>{t('sites.duplicate.copied')}</List.Item>
            <List.Item>{t('sites.duplicate.notCopied')}</List.Item>
            <List.Item>{t('sites.duplicate.plan')}</List.Item>
          </List>
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => setOpened(false)}
              disabled={copy.isPending}
              data-autofocus
              data-testid="duplicate-site-cancel"
            >
              {t('sites.cancel')}
            </Button>
            <Button
              leftSection={<IconCopy size={16} />}
              loading={copy.isPending}
              onClick={() => copy.mutate()}
              data-testid="duplicate-site-confirm"
            >
              {t('sites.duplicate.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
