import { Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type TPath, useDocValue, useEditorTools, useField } from './editor-context';
import { growing } from './editor-theme';

type TSeoField = 'title' | 'h1' | 'description' | 'head' | 'body';

/**
 * The SEO and tag fields at `base`: a language's (`content.<lang>.seo`) or the Settings tab's
 * default (`seo`). A language's empty field shows the default it falls back to as placeholder,
 * as the published page uses it (seoOf).
 */
export function SeoFields({ base }: { base: TPath }) {
  const { t } = useTranslation();
  const { flags } = useEditorTools();
  const title = useField([...base, 'title']);
  const h1 = useField([...base, 'h1']);
  const description = useField([...base, 'description']);
  const head = useField([...base, 'head']);
  const body = useField([...base, 'body']);
  const isDefault = base.length === 1;
  const fallback: Record<TSeoField, string> = {
    title: useDocValue(['seo', 'title']),
    h1: useDocValue(['seo', 'h1']),
    description: useDocValue(['seo', 'description']),
    head: useDocValue(['seo', 'head']),
    body: useDocValue(['seo', 'body']),
  };
  const placeholder = (f: TSeoField) => (isDefault ? undefined : fallback[f] || undefined);
  const tagsLocked = !flags.settingTagSeo;
  return (
    <Stack gap="sm">
      <TextInput
        label={t('siteEditor.seo.pageTitle')}
        description={t('siteEditor.seo.titleHint')}
        placeholder={placeholder('title')}
        {...title}
        maxLength={60}
      />
      <TextInput label={t('siteEditor.seo.h1')} placeholder={placeholder('h1')} {...h1} maxLength={70} />
      <Textarea
        label={t('siteEditor.seo.description')}
        placeholder={placeholder('description')}
        {...description}
        {...growing(2)}
        maxLength={160}
      />
      <Textarea
        label={t('siteEditor.seo.head')}
        description={tagsLocked ? t('siteEditor.plan.noTags') : t('siteEditor.seo.headHint')}
        placeholder={placeholder('head')}
        {...head}
        disabled={head.disabled || tagsLocked}
        {...growing(2, 12, { fontFamily: 'monospace' })}
      />
      <Textarea
        label={t('siteEditor.seo.body')}
        description={tagsLocked ? t('siteEditor.plan.noTags') : t('siteEditor.seo.bodyHint')}
        placeholder={placeholder('body')}
        {...body}
        disabled={body.disabled || tagsLocked}
        {...growing(2, 12, { fontFamily: 'monospace' })}
      />
    </Stack>
  );
}
