import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import {
  checkSite,
  type TFindingSeverity,
  type TMediaSize,
  type TSiteFinding,
} from '@swipe/contracts/site-check';
import type { TSiteDocument } from '@swipe/contracts/sites';
import { IconAlertCircle, IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findingPlace, groupFindings, type TFindingGroup } from './pre-publish';

// The pre-publish check in the publish confirmation: the errors, which the
// server refuses to publish with, then the warnings, each finding with a button to its field.

/** A rule's findings shown before "Show all": a 100-page site can have hundreds of one kind. */
const FIRST_SHOWN = 5;

export function PrePublishPanel({
  doc,
  media,
  onGo,
}: {
  doc: TSiteDocument;
  /** What the media library knows of the document's files (asset id to pixels and bytes). */
  media?: Record<string, TMediaSize>;
  /** Opens the finding's field ('content.EN.creatives.3.imageAlt'). */
  onGo: (path: string) => void;
}) {
  const { t } = useTranslation();
  const findings = useMemo(() => checkSite(doc, { media }), [doc, media]);
  if (findings.length === 0)
    return (
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} data-testid="pre-publish-fine">
        {t('siteEditor.prePublish.allFine')}
      </Alert>
    );
  return (
    <Stack gap="md" data-testid="pre-publish-panel">
      <Severity severity="error" findings={findings} onGo={onGo} />
      <Severity severity="warning" findings={findings} onGo={onGo} />
    </Stack>
  );
}

function Severity(props: {
  severity: TFindingSeverity;
  findings: TSiteFinding[];
  onGo: (path: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const groups = groupFindings(props.findings, props.severity);
  const count = groups.reduce((n, g) => n + g.findings.length, 0);
  if (count === 0) return null;
  const error = props.severity === 'error';
  const Icon = error ? IconAlertCircle : IconAlertTriangle;
  // The heading says error or warning in words: the colour and the icon only repeat it.
  return (
    <Stack
      component="section"
      gap={6}
      aria-labelledby={id}
      data-testid={`pre-publish-${props.severity}s`}
      p="sm"
      bd={`1px solid var(--mantine-color-${error ? 'red' : 'orange'}-4)`}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Group gap={6} wrap="nowrap">
        <Icon size={18} color={`var(--mantine-color-${error ? 'red' : 'orange'}-7)`} aria-hidden />
        <Text id={id} component="h3" fw={650} size="sm" m={0}>
          {t(error ? 'siteEditor.prePublish.errors' : 'siteEditor.prePublish.warnings', { count })}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {t(error ? 'siteEditor.prePublish.errorsHint' : 'siteEditor.prePublish.warningsHint')}
      </Text>
      {groups.map((g) => (
        <Rule key={g.code} group={g} onGo={props.onGo} />
      ))}
    </Stack>
  );
}

function Rule({ group, onGo }: { group: TFindingGroup; onGo: (path: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [all, setAll] = useState(false);
  const shown = all ? group.findings : group.findings.slice(0, FIRST_SHOWN);
  return (
    <div data-testid={`pre-publish-${group.code}`}>
      <Text id={id} component="h4" size="sm" fw={600} m={0} mt={4}>
        {t(`siteEditor.prePublish.groups.${group.code}`)} ({group.findings.length})
      </Text>
      {/* Without bullets Safari drops the list role unless it is given again. */}
      <List size="sm" spacing={4} listStyleType="none" role="list" aria-labelledby={id}>
        {shown.map((f, i) => (
          <Finding key={`${f.path}:${i}`} finding={f} onGo={onGo} />
        ))}
      </List>
      {group.findings.length > FIRST_SHOWN && (
        <Button
          size="compact-xs"
          variant="subtle"
          mt={4}
          onClick={() => setAll((v) => !v)}
          aria-expanded={all}
        >
          {all
            ? t('siteEditor.prePublish.showFewer')
            : t('siteEditor.prePublish.showAll', { count: group.findings.length })}
        </Button>
      )}
    </div>
  );
}

function Finding({ finding, onGo }: { finding: TSiteFinding; onGo: (path: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const place = findingPlace(finding);
  const where = [
    place.lang && t(`siteEditor.languages.names.${place.lang}`),
    place.page,
    place.product && t('siteEditor.product.label', { n: place.product }),
    place.popup && t('siteEditor.prePublish.popup', { kind: t(`siteEditor.popup.kinds.${place.popup}`) }),
    place.asset && t(`siteEditor.settings.${place.asset}`),
  ].filter(Boolean);
  const { params } = finding;
  const problem = t(`siteEditor.prePublish.findings.${finding.code}`, {
    ...params,
    ...(finding.code === 'lowContrast'
      ? { element: t(`siteEditor.prePublish.elements.${params.element as 'button'}`) }
      : {}),
  });
  return (
    <List.Item data-testid="pre-publish-finding" data-path={finding.path}>
      <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
        <Text id={id} size="sm" className="break-anywhere">
          <Text span fw={600} size="sm">
            {(where.length > 0 ? where : [t('siteEditor.prePublish.site')]).join(' · ')}
          </Text>
          {': '}
          {problem}
        </Text>
        {/* Named "Go" as it reads; what it goes to is its description. */}
        <Button
          size="compact-xs"
          variant="light"
          color={finding.severity === 'error' ? 'red' : 'orange'}
          onClick={() => onGo(finding.path)}
          aria-describedby={id}
          style={{ flex: 'none' }}
        >
          {t('siteEditor.prePublish.go')}
        </Button>
      </Group>
    </List.Item>
  );
}
