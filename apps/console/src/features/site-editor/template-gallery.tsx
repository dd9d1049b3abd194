import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { TSiteTemplate } from '@swipe/contracts/site-templates';
import { IconAlertCircle, IconFile, IconLanguage, IconLayoutGrid, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../app/api-client';
import { notifyError, notifySuccess } from '../../app/notify';
import { useShell } from '../../app/use-shell';
import { useWriteAccess } from '../../app/write-access';
import { WriteButton } from '../../app/write-control';
import { siteEditorApi } from './site-editor-api';

// The create-site screen's gallery of templates: the starter sites as cards, and a blank
// site. Choosing a template makes the new site on the server (its images included) and opens it
// in the editor; the blank card hands back to the screen (onBlank), which shows the empty editor.

/** The previews are three pages side by side (site-templates.service.ts). */
const PREVIEW_RATIO = '784 / 485';

export function TemplateGallery({ onBlank }: { onBlank: () => void }) {
  const { t, i18n } = useTranslation();
  const { prefix } = useShell();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  // OEM staff create for a company of their tree (the site list passes it along).
  const accountId = params.get('account') ?? undefined;
  const { locked, reason } = useWriteAccess();
  const headingId = useId();

  const templates = useQuery({
    // Names and descriptions come in the UI language.
    queryKey: ['site-templates', i18n.language],
    queryFn: ({ signal }) => siteEditorApi.templates({ signal, toast: false }),
    staleTime: 5 * 60_000,
  });

  const create = useMutation({
    mutationFn: (template: TSiteTemplate) =>
      siteEditorApi.createFromTemplate(template.id, accountId, { toast: false }),
    onSuccess: (res) => {
      if (res.message) notifySuccess(res.message);
      void queryClient.invalidateQueries({ queryKey: ['sites'] });
      queryClient.setQueryData(['sites', 'detail', res.data.id], res);
      navigate(`/${prefix}/site/${res.data.id}`, { replace: true });
    },
    onError: (error) =>
      notifyError(error instanceof ApiError ? error.message : t('siteEditor.templates.createFailed')),
  });
  const creating = create.isPending ? create.variables : null;

  const list = templates.data?.data ?? [];

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId} data-testid="template-gallery">
      <Stack gap={4}>
        <Title order={2} fz={{ base: 18, sm: 20 }} id={headingId}>
          {t('siteEditor.templates.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('siteEditor.templates.subtitle')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('siteEditor.templates.planNote')}
        </Text>
      </Stack>

      {create.isError && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          withCloseButton
          onClose={() => create.reset()}
          data-testid="template-create-error"
        >
          {create.error instanceof ApiError ? create.error.message : t('siteEditor.templates.createFailed')}
        </Alert>
      )}
      {templates.isError && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          data-testid="template-gallery-error"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('siteEditor.templates.loadFailed')}</Text>
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconRefresh size={15} />}
              onClick={() => void templates.refetch()}
            >
              {t('siteEditor.templates.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {templates.isSuccess && list.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="template-gallery-empty">
          {t('siteEditor.templates.empty')}
        </Text>
      )}

      <VisuallyHidden role="status" aria-live="polite">
        {creating ? t('siteEditor.templates.creating', { name: creating.name }) : ''}
      </VisuallyHidden>

      <SimpleGrid
        component="ul"
        cols={{ base: 1, xs: 2, lg: 3 }}
        spacing="md"
        aria-label={t('siteEditor.templates.listLabel')}
        aria-busy={templates.isPending || creating !== null}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        <li>
          <BlankCard onBlank={onBlank} disabled={creating !== null} />
        </li>
        {templates.isPending &&
          [0, 1, 2].map((i) => (
            <li key={i} data-testid="template-gallery-loading">
              <Card withBorder radius="md" padding="md" h="100%">
                <Card.Section>
                  <Skeleton style={{ aspectRatio: PREVIEW_RATIO }} radius={0} />
                </Card.Section>
                <Skeleton h={18} w="60%" mt="md" />
                <Skeleton h={12} mt="sm" />
                <Skeleton h={12} w="80%" mt={6} />
                <VisuallyHidden>{t('siteEditor.templates.loading')}</VisuallyHidden>
              </Card>
            </li>
          ))}
        {list.map((template) => (
          <li key={template.id}>
            <TemplateCard
              template={template}
              busy={creating?.id === template.id}
              disabled={creating !== null}
              locked={locked}
              reason={reason}
              onUse={() => create.mutate(template)}
            />
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function BlankCard({ onBlank, disabled }: { onBlank: () => void; disabled: boolean }) {
  const { t } = useTranslation();
  const descriptionId = useId();
  return (
    <Card withBorder radius="md" padding="md" h="100%" data-testid="template-card-blank">
      <Card.Section>
        <Stack
          align="center"
          justify="center"
          bg="var(--mantine-color-default-hover)"
          style={{ aspectRatio: PREVIEW_RATIO }}
          aria-hidden="true"
        >
          <IconFile size={48} stroke={1.3} color="var(--mantine-color-dimmed)" />
        </Stack>
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        <Title order={3} fz="md">
          {t('siteEditor.templates.blankTitle')}
        </Title>
        <Text size="sm" c="dimmed" id={descriptionId} style={{ flex: 1 }}>
          {t('siteEditor.templates.blankDescription')}
        </Text>
        <Button
          variant="default"
          onClick={onBlank}
          disabled={disabled}
          aria-describedby={descriptionId}
          data-testid="template-blank"
        >
          {t('siteEditor.templates.blankAction')}
        </Button>
      </Stack>
    </Card>
  );
}

function TemplateCard(props: {
  template: TSiteTemplate;
  busy: boolean;
  disabled: boolean;
  locked: boolean;
  reason: string;
  onUse: () => void;
}) {
  const { t } = useTranslation();
  const { template } = props;
  const descriptionId = useId();
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      h="100%"
      style={{ borderTop: `4px solid ${template.colour}` }}
      data-testid={`template-card-${template.id}`}
    >
      <Card.Section>
        <Image
          src={template.previewUrl}
          alt={t('siteEditor.templates.previewAlt', { name: template.name })}
          loading="lazy"
          fit="cover"
          style={{ aspectRatio: PREVIEW_RATIO }}
        />
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Title order={3} fz="md" className="break-anywhere">
            {template.name}
          </Title>
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
            {t(`siteEditor.templates.category.${template.category}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" id={descriptionId} style={{ flex: 1 }}>
          {template.description}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Badge
            variant="outline"
            color="gray"
            tt="none"
            leftSection={<IconLayoutGrid size={12} />}
            title={t('siteEditor.templates.gridLabel', { rows: template.rows, columns: template.columns })}
          >
            {t('siteEditor.templates.pages', { count: template.pages })} ·{' '}
            {t('siteEditor.templates.grid', { rows: template.rows, columns: template.columns })}
          </Badge>
          <Badge variant="outline" color="gray" tt="none" leftSection={<IconLanguage size={12} />}>
            {template.languages.map((l) => t(`siteEditor.languages.names.${l}`)).join(' / ')}
          </Badge>
        </Group>
        <WriteButton
          locked={props.locked}
          reason={props.reason}
          onClick={props.onUse}
          loading={props.busy}
          disabled={props.disabled && !props.busy}
          aria-label={t('siteEditor.templates.useNamed', { name: template.name })}
          aria-describedby={descriptionId}
          data-testid={`template-use-${template.id}`}
        >
          {t('siteEditor.templates.use')}
        </WriteButton>
      </Stack>
    </Card>
  );
}
