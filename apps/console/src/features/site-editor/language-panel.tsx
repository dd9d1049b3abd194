import {
  Accordion,
  Autocomplete,
  Badge,
  Box,
  Button,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { SNS_TYPES, type TSiteLanguage } from '@swipe/contracts/sites';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageCopyCard } from './copy-from-default';
import { type TPath, useEditor, useField, useToggle } from './editor-context';
import { errorsUnder, setIn } from './editor-state';
import { EditorTabStack } from './editor-theme';
import { FormsEditor } from './forms-editor';
import { PageCanvas } from './page-canvas';
import { PageForm } from './page-form';
import { PageGrid } from './page-grid';
import { RemoveButton } from './remove-button';
import { SeoFields } from './seo-fields';

/** One language tab: the grid of pages, the selected page's settings, and the per-language settings. */
export function LanguagePanel({ lang }: { lang: TSiteLanguage }) {
  const { t } = useTranslation();
  const { doc, errors } = useEditor();
  const [selected, setSelected] = useState(0);
  const content = doc.content[lang];
  if (!content) return null;
  const index = Math.min(selected, content.creatives.length - 1);
  const section = (key: string) => errorsUnder(errors, `content.${lang}.${key}`);

  return (
    <EditorTabStack gap="lg">
      <LanguageCopyCard lang={lang} />
      <PageGrid lang={lang} selected={index} onSelect={setSelected} />
      {/* The live canvas beside the page's form (below it on narrow screens), in view while scrolling. */}
      <Group align="flex-start" gap="lg">
        <Card withBorder radius="md" p="lg" miw={0} style={{ flex: '1 1 480px' }}>
          <Text fw={650} mb="md">
            {t('siteEditor.page.title', { page: content.creatives[index]?.coordinate })}
          </Text>
          <PageForm lang={lang} index={index} />
        </Card>
        <Box
          miw={0}
          maw={420}
          style={{
            flex: '1 1 300px',
            position: 'sticky',
            top: 'calc(var(--app-shell-header-offset, 0px) + 16px)',
          }}
        >
          <PageCanvas lang={lang} index={index} />
        </Box>
      </Group>
      <Accordion variant="separated" radius="md" multiple defaultValue={[]}>
        <Section value="menus" title={t('siteEditor.menu.title')} errors={section('menus')}>
          <MenuEditor lang={lang} />
        </Section>
        <Section value="seo" title={t('siteEditor.seo.title')} errors={section('seo')}>
          <SeoEditor lang={lang} />
        </Section>
        <Section value="sns" title={t('siteEditor.sns.title')} errors={section('sns')}>
          <SnsEditor lang={lang} />
        </Section>
        <Section value="company" title={t('siteEditor.company.title')} errors={section('company')}>
          <CompanyEditor lang={lang} />
        </Section>
        <Section value="forms" title={t('siteEditor.forms.sectionTitle')} errors={section('forms')}>
          <FormsEditor lang={lang} />
        </Section>
      </Accordion>
    </EditorTabStack>
  );
}

function Section({
  value,
  title,
  errors,
  children,
}: {
  value: string;
  title: string;
  errors: number;
  children: React.ReactNode;
}) {
  return (
    <Accordion.Item value={value}>
      <Accordion.Control>
        <Group gap="xs">
          <Text fw={600}>{title}</Text>
          {errors > 0 && (
            <Badge color="red" size="sm" circle>
              {errors}
            </Badge>
          )}
        </Group>
      </Accordion.Control>
      <Accordion.Panel>{children}</Accordion.Panel>
    </Accordion.Item>
  );
}

function MenuEditor({ lang }: { lang: TSiteLanguage }) {
  const { t } = useTranslation();
  const { doc, setDoc, readOnly } = useEditor();
  const menus = doc.content[lang]?.menus ?? [];
  const pages = doc.content[lang]?.creatives.map((c) => c.coordinate) ?? [];
  const path: TPath = ['content', lang, 'menus'];
  const categories = [...new Set(menus.map((m) => m.category).filter(Boolean))];
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('siteEditor.menu.hint')} {t('siteEditor.menu.extrasHint')}
      </Text>
      {menus.map((_, i) => (
        <MenuRow
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are fully controlled by the document; position is their identity
          key={i}
          path={[...path, i]}
          pages={pages}
          categories={categories}
          onRemove={() =>
            setDoc((prev) =>
              setIn(
                prev,
                path,
                menus.filter((_m, k) => k !== i),
              ),
            )
          }
        />
      ))}
      <Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          disabled={readOnly || menus.length >= 20}
          onClick={() =>
            setDoc((prev) =>
              setIn(prev, path, [
                ...menus,
                { name: '', textColor: '', target: pages[0] ?? 'A1', keywords: '', category: '' },
              ]),
            )
          }
          data-testid="menu-add"
        >
          {t('siteEditor.menu.add')}
        </Button>
      </Group>
    </Stack>
  );
}

function MenuRow({
  path,
  pages,
  categories,
  onRemove,
}: {
  path: TPath;
  pages: string[];
  /** The categories of this language's entries, offered while typing one. */
  categories: string[];
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const name = useField([...path, 'name']);
  const target = useField([...path, 'target']);
  const keywords = useField([...path, 'keywords']);
  const category = useField([...path, 'category']);
  return (
    <Stack gap={6}>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput style={{ flex: 2 }} label={t('siteEditor.menu.name')} required {...name} maxLength={50} />
        <NativeSelect style={{ flex: 1 }} label={t('siteEditor.menu.target')} {...target} data={pages} />
        <RemoveButton label={t('siteEditor.menu.remove')} onClick={onRemove} disabled={name.disabled} />
      </Group>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput style={{ flex: 2 }} label={t('siteEditor.menu.keywords')} {...keywords} maxLength={50} />
        <Autocomplete
          style={{ flex: 1 }}
          label={t('siteEditor.menu.category')}
          data={categories}
          {...category}
          maxLength={50}
        />
      </Group>
    </Stack>
  );
}

function SeoEditor({ lang }: { lang: TSiteLanguage }) {
  return <SeoFields base={['content', lang, 'seo']} />;
}

function SnsEditor({ lang }: { lang: TSiteLanguage }) {
  const { t } = useTranslation();
  const { doc, setDoc, readOnly } = useEditor();
  const path: TPath = ['content', lang, 'sns'];
  const list = doc.content[lang]?.sns ?? [];
  return (
    <Stack gap="sm">
      {list.map((_, i) => (
        <SnsRow
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are fully controlled by the document; position is their identity
          key={i}
          path={[...path, i]}
          onRemove={() =>
            setDoc((prev) =>
              setIn(
                prev,
                path,
                list.filter((_s, k) => k !== i),
              ),
            )
          }
        />
      ))}
      <Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          disabled={readOnly || list.length >= SNS_TYPES.length * 2}
          onClick={() => setDoc((prev) => setIn(prev, path, [...list, { snsType: 'instagram', snsUrl: '' }]))}
          data-testid="sns-add"
        >
          {t('siteEditor.sns.add')}
        </Button>
      </Group>
    </Stack>
  );
}

function SnsRow({ path, onRemove }: { path: TPath; onRemove: () => void }) {
  const { t } = useTranslation();
  const type = useField([...path, 'snsType']);
  const url = useField([...path, 'snsUrl']);
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap">
      <NativeSelect
        style={{ flex: 1 }}
        label={t('siteEditor.sns.type')}
        {...type}
        data={SNS_TYPES.map((s) => ({ value: s, label: t(`siteEditor.sns.types.${s}`) }))}
      />
      <TextInput
        style={{ flex: 2 }}
        label={type.value === 'phone_number' ? t('siteEditor.sns.phone') : t('siteEditor.sns.url')}
        placeholder={type.value === 'phone_number' ? '03-1234-5678' : 'https://'}
        {...url}
        maxLength={256}
      />
      <RemoveButton label={t('siteEditor.sns.remove')} onClick={onRemove} disabled={url.disabled} />
    </Group>
  );
}

function CompanyEditor({ lang }: { lang: TSiteLanguage }) {
  const { t } = useTranslation();
  const base: TPath = ['content', lang, 'company'];
  const website = useField([...base, 'companyWebsite']);
  const profile = useField([...base, 'companyProfile']);
  const clause = useField([...base, 'companyClause']);
  const terms = useField([...base, 'termsOfService']);
  const privacy = useField([...base, 'privacyPolicy']);
  const agreement = useToggle([...base, 'agreementRequired']);
  const inForm = useToggle([...base, 'showInForm']);
  const inMembership = useToggle([...base, 'showInMemberShip']);
  const inContact = useToggle([...base, 'showInContact']);
  return (
    <Stack gap="sm">
      <TextInput
        label={t('siteEditor.company.website')}
        placeholder="https://"
        {...website}
        maxLength={256}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <Textarea label={t('siteEditor.company.profile')} {...profile} autosize minRows={3} maxRows={10} />
        <Textarea label={t('siteEditor.company.clause')} {...clause} autosize minRows={3} maxRows={10} />
        <Textarea label={t('siteEditor.company.terms')} {...terms} autosize minRows={3} maxRows={10} />
        <Textarea label={t('siteEditor.company.privacy')} {...privacy} autosize minRows={3} maxRows={10} />
      </SimpleGrid>
      <Switch
        label={t('siteEditor.company.agreement')}
        description={t('siteEditor.company.agreementHint')}
        {...agreement}
      />
      <Group gap="lg">
        <Switch label={t('siteEditor.company.showInForm')} {...inForm} />
        <Switch label={t('siteEditor.company.showInMembership')} {...inMembership} />
        <Switch label={t('siteEditor.company.showInContact')} {...inContact} />
      </Group>
    </Stack>
  );
}
