import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { TSiteSummary } from '@swipe/contracts/site-api';
import type { TSiteLanguage, TSiteStatus } from '@swipe/contracts/sites';
import { IconWorld } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../app/status-dot';
import { DOMAIN_STATUS_COLORS, SITE_STATUS_COLORS } from './site-format';

// Small pieces of the site list: the status badge, the languages, the custom domain with its
// check state, and who may change sites.

export function SiteStatusBadge({ status }: { status: TSiteStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge
      color={SITE_STATUS_COLORS[status]}
      label={t(`sites.status.${status}`)}
      status={status}
      testId="site-status"
    />
  );
}

/** The status, and a note when the draft holds changes visitors do not see yet. */
export function StatusCell({
  site,
  align = 'flex-start',
}: {
  site: TSiteSummary;
  align?: 'flex-start' | 'flex-end';
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} align={align} style={{ flexShrink: 0 }}>
      <SiteStatusBadge status={site.status} />
      {site.hasUnpublishedChanges && site.status !== 'DRAFT' && (
        <Tooltip label={t('sites.list.pendingChangesHint')} multiline maw={240} withArrow>
          <Text
            size="xs"
            c="orange.8"
            tabIndex={0}
            style={{ cursor: 'help', whiteSpace: 'nowrap' }}
            data-testid="site-pending"
          >
            {t('sites.list.pendingChanges')}
          </Text>
        </Tooltip>
      )}
    </Stack>
  );
}

/** The site's languages as their short codes (JP · EN), their names on hover and for readers. */
export function LanguageCodes({ languages }: { languages: readonly TSiteLanguage[] }) {
  const { t } = useTranslation();
  const names = languages.map((lang) => t(`sites.languages.${lang}`)).join(', ');
  return (
    <Text size="xs" c="dimmed" fw={500} title={names} aria-label={names} style={{ whiteSpace: 'nowrap' }}>
      {languages.join(' · ')}
    </Text>
  );
}

/** The custom domain and the state of its CNAME check; the default domain is said as such. */
export function DomainCell({ site, compact = false }: { site: TSiteSummary; compact?: boolean }) {
  const { t } = useTranslation();
  if (!site.customDomain)
    return (
      <Text size={compact ? 'xs' : 'sm'} c="dimmed">
        {t('sites.domain.none')}
      </Text>
    );
  const state = site.domainStatus;
  const badge = state !== 'NONE' && (
    <Tooltip label={t(`sites.domain.hint.${state}`)} multiline maw={260} withArrow>
      <Badge
        size="xs"
        variant="dot"
        color={DOMAIN_STATUS_COLORS[state]}
        radius="sm"
        tt="none"
        fw={500}
        c="dark.5"
        tabIndex={0}
        style={{ flexShrink: 0, cursor: 'help' }}
        data-testid="site-domain-state"
        data-state={state}
      >
        {t(`sites.domain.${state}`)}
      </Badge>
    </Tooltip>
  );
  if (compact)
    return (
      <Group gap={6} wrap="wrap" align="center" data-testid="site-domain">
        <IconWorld size={14} stroke={1.7} color="var(--mantine-color-dimmed)" aria-hidden />
        <Text size="xs">
          <DomainName domain={site.customDomain} />
        </Text>
        {badge}
      </Group>
    );
  return (
    <Stack gap={4} align="flex-start" miw={0} data-testid="site-domain">
      <Text size="sm" lh={1.35}>
        <DomainName domain={site.customDomain} />
      </Text>
      {badge}
    </Stack>
  );
}

/** A host name that may wrap after its dots (never inside a label), so narrow columns stay readable. */
function DomainName({ domain }: { domain: string }) {
  const labels = domain.split('.');
  return labels.map((label, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: labels repeat (a.b.a) and never reorder
    <Fragment key={i}>
      {label}
      {i < labels.length - 1 && (
        <>
          .<wbr />
        </>
      )}
    </Fragment>
  ));
}

export function Muted({ children }: { children: ReactNode }) {
  return (
    <Text span c="dimmed" size="sm" fw={400}>
      {children}
    </Text>
  );
}
