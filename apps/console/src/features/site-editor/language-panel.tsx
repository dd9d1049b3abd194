import {
  Accordion,
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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TPath, useEditor, useField, useToggle } from './editor-context';
import { errorsUnder, setIn } from './editor-state';
import { FormsEditor } from './forms-editor';
import { PageForm } from './page-form';
import { PageGrid } from './page-grid';
import { RemoveButton } from './remove-button';

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
    <Stack gap="lg">
      <PageGrid lang={lang} selected={index} onSelect={setSelected} />
      <Card withBorder radius="md" p="lg">
        <Text fw={650} mb="md">
          {t('siteEditor.page.title', { page: content.creatives[index]?.coordinate })}
        </Text>
        <PageForm lang={lang} index={index} />
      </Card>
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
    </Stack>
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
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('siteEditor.menu.hint')}
      </Text>
      {menus.map((_, i) => (
        <MenuRow
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are fully controlled by the document; position is their identity
          key={i}
          path={[...path, i]}
          pages={pages}
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
              setIn(prev, path, [...menus, { name: '', textColor: '', target: pages[0] ?? 'A1' }]),
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

function MenuRow({ path, pages, onRemove }: { path: TPath; pages: string[]; onRemove: () => void }) {
  const { t } = useTranslation();
  const name = useField([...path, 'name']);
  const target = useField([...path, 'target']);
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap">
      <TextInput style={{ flex: 2 }} label={t('siteEditor.menu.name')} required {...name} maxLength={50} />
      <NativeSelect style={{ flex: 1 }} label={t('siteEditor.menu.target')} {...target} data={pages} />
      <RemoveButton label={t('siteEditor.menu.remove')} onClick={onRemove} disabled={name.disabled} />
    </Group>
  );
}

function SeoEditor({ lang }: { lang: TSiteLanguage }) {
  const { t } = useTranslation();
  const { flags } = useEditor();
  const base: TPath = ['content', lang, 'seo'];
  const title = useField([...base, 'title']);
  const h1 = useField([...base, 'h1']);
  const description = useField([...base, 'description']);
  const head = useField([...base, 'head']);
  const body = useField([...base, 'body']);
  const tagsLocked = !flags.settingTagSeo;
  return (
    <Stack gap="sm">
      <TextInput
        label={t('siteEditor.seo.pageTitle')}
        description={t('siteEditor.seo.titleHint')}
        {...title}
        maxLength={60}
      />
      <TextInput label={t('siteEditor.seo.h1')} {...h1} maxLength={70} />
      <Textarea
        label={t('siteEditor.seo.description')}
        {...description}
        autosize
        minRows={2}
        maxLength={160}
      />
      <Textarea
        label={t('siteEditor.seo.head')}
        description={tagsLocked ? t('siteEditor.plan.noTags') : t('siteEditor.seo.headHint')}
        {...head}
        disabled={head.disabled || tagsLocked}
        autosize
        minRows={2}
        styles={{ input: { fontFamily: 'monospace' } }}
      />
      <Textarea
        label={t('siteEditor.seo.body')}
        description={tagsLocked ? t('siteEditor.plan.noTags') : t('siteEditor.seo.bodyHint')}
        {...body}
        disabled={body.disabled || tagsLocked}
        autosize
        minRows={2}
        styles={{ input: { fontFamily: 'monospace' } }}
      />
    </Stack>
  );
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
