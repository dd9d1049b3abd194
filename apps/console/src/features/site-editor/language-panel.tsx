import {
  Accordion,
  Autocomplete,
  Badge,
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
import { memo, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageCopyCard } from './copy-from-default';
import {
  type TPath,
  useDocSelector,
  useEditor,
  useErrorSelector,
  useField,
  useToggle,
} from './editor-context';
import { useFocusRequests } from './editor-focus';
import { errorsUnder, setIn } from './editor-state';
import { EditorTabStack, growing } from './editor-theme';
import { FormsEditor } from './forms-editor';
import { PageCanvasColumn } from './page-canvas';
import { PageForm } from './page-form';
import { PageGrid } from './page-grid';
import { RemoveButton } from './remove-button';
import { SeoFields } from './seo-fields';

/** One language tab: the grid of pages, the selected page's settings, and the per-language settings. */
export const LanguagePanel = memo(function LanguagePanel({ lang }: { lang: TSiteLanguage }) {
  const { t } = useTranslation();
  // Only what the layout depends on: typing in a field re-renders that field, not the tab.
  const pages = useDocSelector((d) => d.content[lang]?.creatives.length ?? 0);
  const [selected, setSelected] = useState(0);
  const index = Math.min(selected, pages - 1);
  const coordinate = useDocSelector((d) => d.content[lang]?.creatives[index]?.coordinate);
  // Closed sections are not drawn at all (a 100-page site's forms are large).
  const [open, setOpen] = useState<string[]>([]);

  // "Go" from the pre-publish check: the page or the section that shows the field.
  const show = useCallback(
    (path: string) => {
      const m = /^content\.(\w+)\.(\w+)(?:\.(\d+))?/.exec(path);
      if (!m || m[1] !== lang) return;
      if (m[2] === 'creatives' && m[3] !== undefined) setSelected(Number(m[3]));
      else if (SECTIONS.includes(m[2] as (typeof SECTIONS)[number]))
        setOpen((o) => (o.includes(m[2]!) ? o : [...o, m[2]!]));
    },
    [lang],
  );
  useFocusRequests(show);
  if (pages === 0 || !coordinate) return null;

  const section = (value: (typeof SECTIONS)[number], title: string, body: React.ReactNode) => (
    <Section value={value} title={title} lang={lang} open={open.includes(value)}>
      {body}
    </Section>
  );
  return (
    <EditorTabStack gap="lg">
      <LanguageCopyCard lang={lang} />
      <PageGrid lang={lang} selected={index} onSelect={setSelected} />
      {/* The live canvas beside the page's form (below it on narrow screens), in view while scrolling. */}
      <Group align="flex-start" gap="lg">
        <Card withBorder radius="md" p="lg" miw={0} style={{ flex: '1 1 480px' }}>
          <Text fw={650} mb="md">
            {t('siteEditor.page.title', { page: coordinate })}
          </Text>
          <PageForm lang={lang} index={index} />
        </Card>
        <PageCanvasColumn lang={lang} index={index} />
      </Group>
      <Accordion variant="separated" radius="md" multiple value={open} onChange={setOpen}>
        {section('menus', t('siteEditor.menu.title'), <MenuEditor lang={lang} />)}
        {section('seo', t('siteEditor.seo.title'), <SeoEditor lang={lang} />)}
        {section('sns', t('siteEditor.sns.title'), <SnsEditor lang={lang} />)}
        {section('company', t('siteEditor.company.title'), <CompanyEditor lang={lang} />)}
        {section('forms', t('siteEditor.forms.sectionTitle'), <FormsEditor lang={lang} />)}
      </Accordion>
    </EditorTabStack>
  );
});

const SECTIONS = ['menus', 'seo', 'sns', 'company', 'forms'] as const;

function Section({
  value,
  title,
  lang,
  open,
  children,
}: {
  value: string;
  title: string;
  lang: TSiteLanguage;
  open: boolean;
  children: React.ReactNode;
}) {
  const errors = useErrorSelector((e) => errorsUnder(e, `content.${lang}.${value}`));
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
      <Accordion.Panel>{open ? children : null}</Accordion.Panel>
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
        <Textarea label={t('siteEditor.company.profile')} {...profile} {...growing(3, 10)} />
        <Textarea label={t('siteEditor.company.clause')} {...clause} {...growing(3, 10)} />
        <Textarea label={t('siteEditor.company.terms')} {...terms} {...growing(3, 10)} />
        <Textarea label={t('siteEditor.company.privacy')} {...privacy} {...growing(3, 10)} />
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
