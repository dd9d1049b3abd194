import {
  Accordion,
  Badge,
  Box,
  Button,
  Card,
  FileButton,
  Group,
  NativeSelect,
  Progress,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { SNS_TYPES, type TSiteLanguage } from '@swipe/contracts/sites';
import { isZipName } from '@swipe/contracts/uploads';
import { IconFileZip, IconLock, IconPhoto, IconPlus, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TPath, useEditor, useField, useToggle } from './editor-context';
import { errorsUnder, setIn } from './editor-state';
import { FormsEditor } from './forms-editor';
import { PageForm } from './page-form';
import { RemoveButton } from './remove-button';
import { assignFilesToPages } from './upload-rules';
import { useUploader } from './use-uploader';

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

/** The rows x columns grid as tiles (A1, B1 ...), and bulk upload of images onto it. */
function PageGrid({
  lang,
  selected,
  onSelect,
}: {
  lang: TSiteLanguage;
  selected: number;
  onSelect: (i: number) => void;
}) {
  const { t } = useTranslation();
  const { doc, setDoc, errors, mediaUrls, readOnly } = useEditor();
  const uploader = useUploader();
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const creatives = doc.content[lang]?.creatives ?? [];
  // The pages as they are when an upload ends, not as they were when it began.
  const latest = useRef(doc);
  latest.current = doc;

  const bulk = async (files: File[]) => {
    if (files.length === 0) return;
    const plan = assignFilesToPages(
      files,
      creatives.map((c) => ({ coordinate: c.coordinate, filled: c.media !== null })),
    );
    setProgress(0);
    const outcomes = await uploader.upload(
      plan.map((p) => p.file),
      setProgress,
    );
    setProgress(null);
    setDoc((prev) => {
      let next = prev;
      outcomes.forEach((o, i) => {
        const at = prev.content[lang]!.creatives.findIndex((c) => c.coordinate === plan[i]!.coordinate);
        if (o.asset && at >= 0)
          next = setIn(next, ['content', lang, 'creatives', at, 'media'], {
            assetId: o.asset.id,
            kind: o.asset.kind,
          });
      });
      return next;
    });
  };

  // SPEC 5 bulk upload as one ZIP: its images go to the pages their names address (B2.jpg),
  // the others in name order to the empty pages; images no page is left for are listed.
  const bulkZip = async (file: File | null) => {
    if (!file) return;
    setProgress(0);
    const entries = await uploader.uploadZip(file, setProgress);
    setProgress(null);
    if (!entries) return;
    const uploaded = entries.flatMap((e) => (e.asset ? [{ name: e.name, asset: e.asset }] : []));
    const pages = latest.current.content[lang]?.creatives ?? [];
    const plan = assignFilesToPages(
      uploaded,
      pages.map((c) => ({ coordinate: c.coordinate, filled: c.media !== null })),
    );
    const placed = new Set(plan.map((p) => p.file));
    const unplaced = uploaded.filter((u) => !placed.has(u));
    if (unplaced.length > 0)
      uploader.addFailures(unplaced.map((u) => ({ name: u.name, error: t('siteEditor.grid.zipNoPage') })));
    setDoc((prev) => {
      let next = prev;
      for (const { file: entry, coordinate } of plan) {
        const at = prev.content[lang]!.creatives.findIndex((c) => c.coordinate === coordinate);
        if (at >= 0)
          next = setIn(next, ['content', lang, 'creatives', at, 'media'], {
            assetId: entry.asset.id,
            kind: entry.asset.kind,
          });
      }
      return next;
    });
  };

  /** Dropped files: each ZIP as a bulk upload of its own, then the images. */
  const drop = async (files: File[]) => {
    for (const zip of files.filter((f) => isZipName(f.name))) await bulkZip(zip);
    await bulk(files.filter((f) => !isZipName(f.name)));
  };

  return (
    <Card
      withBorder
      radius="md"
      p="lg"
      // Files dropped anywhere on the grid are uploaded like the bulk buttons' (images or a ZIP).
      onDragOver={(e) => {
        if (!readOnly && e.dataTransfer.types.includes('Files')) {
          e.preventDefault();
          setDragging(true);
        }
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        if (!readOnly) void drop([...e.dataTransfer.files]);
      }}
      style={dragging ? { outline: '2px dashed var(--mantine-color-brand-5)', outlineOffset: -6 } : undefined}
    >
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Stack gap={0}>
          <Text fw={650}>{t('siteEditor.grid.pages', { count: creatives.length })}</Text>
          <Text size="xs" c="dimmed">
            {t('siteEditor.grid.hint')}
          </Text>
        </Stack>
        <Group gap="xs">
          <FileButton onChange={bulk} accept="image/png,image/jpeg,.jfif,.heic" multiple>
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconUpload size={16} />}
                disabled={readOnly}
                loading={progress !== null}
                data-testid="bulk-upload"
              >
                {t('siteEditor.grid.bulk')}
              </Button>
            )}
          </FileButton>
          <FileButton onChange={bulkZip} accept=".zip,application/zip,application/x-zip-compressed">
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconFileZip size={16} />}
                disabled={readOnly}
                loading={progress !== null}
                data-testid="zip-upload"
              >
                {t('siteEditor.grid.zip')}
              </Button>
            )}
          </FileButton>
        </Group>
      </Group>
      {progress !== null && <Progress value={progress * 100} size="sm" mb="sm" animated />}
      <Box
        style={{
          display: 'grid',
          gridTemplateColumns: `repeat(${doc.numberHorizontal}, minmax(72px, 96px))`,
          gap: 8,
          overflowX: 'auto',
          paddingBottom: 4,
        }}
        role="listbox"
        aria-label={t('siteEditor.grid.pagesLabel')}
      >
        {creatives.map((c, i) => {
          const url = c.media ? mediaUrls[c.media.assetId] : undefined;
          const bad = errorsUnder(errors, `content.${lang}.creatives.${i}`) > 0;
          return (
            <UnstyledButton
              key={c.coordinate}
              role="option"
              aria-selected={i === selected}
              onClick={() => onSelect(i)}
              data-testid={`page-tile-${c.coordinate}`}
              style={{
                aspectRatio: '389 / 737',
                borderRadius: 8,
                position: 'relative',
                overflow: 'hidden',
                background: url ? `center / cover no-repeat url("${url}")` : 'var(--mantine-color-gray-1)',
                outline:
                  i === selected
                    ? '3px solid var(--mantine-color-brand-6)'
                    : bad
                      ? '2px solid var(--mantine-color-red-6)'
                      : '1px solid var(--mantine-color-gray-3)',
              }}
            >
              {!url && (
                <Box style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
                  <IconPhoto size={22} color="var(--mantine-color-gray-5)" />
                </Box>
              )}
              <Badge
                size="xs"
                variant="filled"
                color="dark"
                style={{ position: 'absolute', top: 4, left: 4 }}
              >
                {c.coordinate}
              </Badge>
              {c.membersOnlyLock && (
                <IconLock size={14} style={{ position: 'absolute', top: 6, right: 6 }} color="white" />
              )}
            </UnstyledButton>
          );
        })}
      </Box>
      {uploader.failures}
    </Card>
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
