import { List, Modal, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api-client';
import { notifyError } from '../../app/notify';
import {
  type TUploadedAsset,
  type TUploadOutcome,
  type TZipEntryOutcome,
  uploadMedia,
  uploadZipArchive,
} from '../../app/upload-media';
import { useEditorTools } from './editor-context';
import { rememberAssetThumbnail } from './media-thumbs';

type TFailure = { name: string; error: string };

/**
 * Uploads into the site's media library and lists the files that failed in a modal, so the
 * creator sees which ones to fix. Uploaded files' URLs become known to the editor.
 */
export function useUploader(): {
  upload: (files: File[], onProgress?: (share: number) => void) => Promise<TUploadOutcome[]>;
  /** Bulk upload of one ZIP; null when the archive as a whole failed (a toast says why). */
  uploadZip: (file: File, onProgress?: (share: number) => void) => Promise<TZipEntryOutcome[] | null>;
  /** Lists more failures in the modal (e.g. images of a ZIP no page was left for). */
  addFailures: (more: TFailure[]) => void;
  failures: ReactNode;
} {
  const { t } = useTranslation();
  const { accountId, addMediaUrl } = useEditorTools();
  const [failed, setFailed] = useState<TFailure[]>([]);
  // Its thumbnail first: the tile that shows it renders once its URL is known.
  const remember = (asset: TUploadedAsset) => {
    rememberAssetThumbnail(asset);
    addMediaUrl(asset.id, asset.url);
  };

  const upload = async (files: File[], onProgress?: (share: number) => void) => {
    try {
      const outcomes = await uploadMedia(files, {
        accountId,
        onProgress,
        messages: { network: t('siteEditor.media.failed') },
      });
      for (const o of outcomes) if (o.asset) remember(o.asset);
      setFailed(outcomes.flatMap((o) => (o.error ? [{ name: o.file.name, error: o.error }] : [])));
      return outcomes;
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : t('siteEditor.media.failed'));
      return files.map((file) => ({ file, error: t('siteEditor.media.failed') }));
    }
  };

  const uploadZip = async (file: File, onProgress?: (share: number) => void) => {
    try {
      const entries = await uploadZipArchive(file, {
        accountId,
        onProgress,
        messages: { network: t('siteEditor.media.failed') },
      });
      for (const e of entries) if (e.asset) remember(e.asset);
      setFailed(entries.flatMap((e) => (e.error ? [{ name: e.name, error: e.error }] : [])));
      return entries;
    } catch (error) {
      notifyError(error instanceof Error && error.message ? error.message : t('siteEditor.media.failed'));
      return null;
    }
  };

  const addFailures = (more: TFailure[]) => setFailed((prev) => [...prev, ...more]);

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
          <List.Item key={o.name}>
            <Text span fw={600} className="break-anywhere">
              {o.name}
            </Text>
            {': '}
            {o.error}
          </List.Item>
        ))}
      </List>
    </Modal>
  );
  return { upload, uploadZip, addFailures, failures };
}
