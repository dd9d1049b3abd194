import { List, Modal, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api-client';
import { notifyError } from '../../app/notify';
import { useEditor } from './editor-context';
import { type TUploadOutcome, uploadMedia } from './upload-media';

/**
 * Uploads into the site's media library and lists the files that failed in a modal (SPEC 5:
 * "failing files listed in a modal"). Uploaded files' URLs become known to the editor.
 */
export function useUploader(): {
  upload: (files: File[], onProgress?: (share: number) => void) => Promise<TUploadOutcome[]>;
  failures: ReactNode;
} {
  const { t } = useTranslation();
  const { accountId, addMediaUrl } = useEditor();
  const [failed, setFailed] = useState<TUploadOutcome[]>([]);

  const upload = async (files: File[], onProgress?: (share: number) => void) => {
    try {
      const outcomes = await uploadMedia(files, {
        accountId,
        onProgress,
        messages: { network: t('siteEditor.media.failed') },
      });
      for (const o of outcomes) if (o.asset) addMediaUrl(o.asset.id, o.asset.url);
      setFailed(outcomes.filter((o) => o.error));
      return outcomes;
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : t('siteEditor.media.failed'));
      return files.map((file) => ({ file, error: t('siteEditor.media.failed') }));
    }
  };

  const failures = (
    <Modal
      opened={failed.length > 0}
      onClose={() => setFailed([])}
      title={t('siteEditor.media.failedTitle', { count: failed.length })}
      centered
    >
      <Text size="sm" mb="sm">
        {t('siteEditor.media.failedBody')}
      </Text>
      <List size="sm" spacing={6} data-testid="upload-failures">
        {failed.map((o) => (
          <List.Item key={o.file.name}>
            <Text span fw={600} className="break-anywhere">
              {o.file.name}
            </Text>
            {': '}
            {o.error}
          </List.Item>
        ))}
      </List>
    </Modal>
  );
  return { upload, failures };
}
