import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { TSiteDocument, TSiteLanguage } from '@swipe/contracts/sites';
import { IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal, type TConfirm } from './confirm-modal';
import { useDocSelector, useEditorTools } from './editor-context';
import { copyLanguage, copyPage, languageHoldsWork, pageCopyLosesWork } from './language-copy';

const defaultLanguage = (doc: TSiteDocument) => doc.defaultLanguage;

/**
 * "Copy from <default language>" for a language tab (`coordinate` absent) or one of its pages: the
 * default language's content as a starting point to translate. One document change, so one undo
 * step; asked first when it would replace what the tab or page already holds.
 */
export function CopyFromDefaultButton({ lang, coordinate }: { lang: TSiteLanguage; coordinate?: string }) {
  const { t } = useTranslation();
  // Only the default language is watched: typing elsewhere does not re-render the button.
  const { store, setDoc, readOnly } = useEditorTools();
  const from = useDocSelector(defaultLanguage);
  const [pending, setPending] = useState<TConfirm>(null);
  if (lang === from) return null;
  const names = {
    language: t(`siteEditor.languages.names.${from}`),
    target: t(`siteEditor.languages.names.${lang}`),
    page: coordinate,
  };
  const run = () =>
    setDoc((prev) =>
      coordinate
        ? copyPage(prev, prev.defaultLanguage, lang, coordinate)
        : copyLanguage(prev, prev.defaultLanguage, lang),
    );
  const start = () => {
    const doc = store.getDoc();
    const loses = coordinate ? pageCopyLosesWork(doc, lang, coordinate) : languageHoldsWork(doc, lang);
    if (!loses) return run();
    setPending({
      title: coordinate ? t('siteEditor.copy.pageTitle', names) : t('siteEditor.copy.languageTitle', names),
      body: coordinate ? t('siteEditor.copy.pageBody', names) : t('siteEditor.copy.languageBody', names),
      confirm: t('siteEditor.copy.confirm'),
      run,
    });
  };
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconCopy size={14} />}
        disabled={readOnly}
        onClick={start}
        data-testid={coordinate ? 'page-copy' : 'language-copy'}
      >
        {coordinate ? t('siteEditor.copy.page', names) : t('siteEditor.copy.language', names)}
      </Button>
      <ConfirmModal pending={pending} onClose={() => setPending(null)} />
    </>
  );
}

/** The top of a non-default language tab: what "Copy from" takes, and its button. */
export function LanguageCopyCard({ lang }: { lang: TSiteLanguage }) {
  const { t } = useTranslation();
  const from = useDocSelector(defaultLanguage);
  if (lang === from) return null;
  const language = t(`siteEditor.languages.names.${from}`);
  return (
    <Card withBorder radius="md" p="md" data-testid="language-copy-card">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 260px' }}>
          <Text fw={600} size="sm">
            {t('siteEditor.copy.cardTitle', { language })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('siteEditor.copy.cardHint', { language })}
          </Text>
        </Stack>
        <CopyFromDefaultButton lang={lang} />
      </Group>
    </Card>
  );
}
