import { Box, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from './import-model';

// A drop area plus an ordinary file button (the keyboard path). The file is handed over as is;
// the page checks its name and size before uploading.

export function FileDrop({
  file,
  busy,
  onFile,
}: {
  file: File | null;
  busy: boolean;
  onFile: (file: File) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDragOver = (e: DragEvent) => {
    e.preventDefault();
    e.dataTransfer.dropEffect = busy ? 'none' : 'copy';
    if (!busy) setOver(true);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const dropped = e.dataTransfer.files?.[0];
    if (dropped && !busy) onFile(dropped);
  };

  return (
    <Box
      data-testid="import-dropzone"
      data-over={over || undefined}
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      p={{ base: 'md', sm: 'xl' }}
      style={{
        border: `2px dashed var(--mantine-color-${over ? 'brand-6' : 'gray-4'})`,
        borderRadius: 'var(--mantine-radius-lg)',
        background: over ? 'var(--mantine-color-brand-0)' : 'var(--mantine-color-gray-0)',
        transition: 'background 120ms, border-color 120ms',
      }}
    >
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        aria-label={t('userImport.drop.label')}
        data-testid="import-file-input"
        onChange={(e) => {
          const picked = e.currentTarget.files?.[0];
          // Reset so that choosing the same (corrected) file again still fires a change.
          e.currentTarget.value = '';
          if (picked) onFile(picked);
        }}
      />
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={52} radius="xl" variant="light" color={over ? 'brand' : 'gray'}>
          {file ? <IconFileTypeCsv size={28} stroke={1.6} /> : <IconUpload size={26} stroke={1.6} />}
        </ThemeIcon>
        {file ? (
          <Stack gap={2} align="center" miw={0} maw="100%">
            <Text fw={600} className="break-anywhere" data-testid="import-file-name">
              {file.name}
            </Text>
            <Text size="sm" c="dimmed">
              {formatBytes(file.size)}
            </Text>
          </Stack>
        ) : (
          <Text fw={600}>{over ? t('userImport.drop.active') : t('userImport.drop.title')}</Text>
        )}
        <Group gap="xs" justify="center">
          {!file && (
            <Text size="sm" c="dimmed">
              {t('userImport.drop.or')}
            </Text>
          )}
          <Button
            variant={file ? 'default' : 'filled'}
            onClick={() => input.current?.click()}
            disabled={busy}
            data-testid="import-choose-file"
          >
            {file ? t('userImport.drop.change') : t('userImport.drop.choose')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('userImport.drop.hint')}
        </Text>
      </Stack>
    </Box>
  );
}
