import '../../app/full-styles';
import '@mantine/charts/styles.layer.css';
import 'dayjs/locale/ja';
import 'dayjs/locale/ko';
import 'dayjs/locale/zh-cn';
import '@mantine/dates/styles.layer.css';
import { Alert, Button, Group, Paper, SegmentedControl, Select, Stack, Tabs } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { periodOf } from '@swipe/contracts/analytics';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { translate } from '@swipe/contracts/messages';
import type { TSiteSummary } from '@swipe/contracts/site-api';
import { DEVICE_CLASSES, type TDeviceClass } from '@swipe/contracts/site-events';
import type { TSiteLanguage } from '@swipe/contracts/sites';
import { IconAlertCircle, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { todayJst } from '../../app/format';
import { notifyError } from '../../app/notify';
import { PageHeading } from '../../app/page-heading';
import { usePageTitle } from '../../app/use-page-title';
import type { TSiteListQuery } from '../sites/site-list-query';
import { siteKeys, sitesApi } from '../sites/sites-api';
import { analyticsApi, type TAnalysisFilters, type TAnalysisName } from './analytics-api';
import { AnalysisView } from './analytics-views';

// /{prefix}/analytics: pick a site, a period (JST dates), a language and a device class; the
// tabs show LP, swipe and creative analysis, rankings and the tap heatmap. Everything chosen
// lives in the address, so a view can be bookmarked or shared, and "Analyze" on the site list
// links here with the site chosen.

/** The sites to choose from: the caller's (and its tree's) first hundred. */
const SITE_PICKER_QUERY = { page: 1, pageSize: 100 } as TSiteListQuery;
/** The calendar's language for each UI language. */
const DAYJS_LOCALE: Record<TUiLanguage, string> = { ja: 'ja', en: 'en', cn: 'zh-cn', kr: 'ko' };
const TABS: TAnalysisName[] = ['overview', 'pages', 'creatives', 'rankings', 'heatmap', 'sources'];

export function AnalyticsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('analytics.title'));
  const [params, setParams] = useSearchParams();
  // The picker searches the caller's sites on the server (a tree may hold thousands).
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 300);
  const pickerQuery = { ...SITE_PICKER_QUERY, ...(keyword ? { keyword } : {}) } as TSiteListQuery;
  const sites = useQuery({
    queryKey: siteKeys.list(pickerQuery),
    queryFn: ({ signal }) => sitesApi.list(pickerQuery, { signal, toast: false }),
    placeholderData: (previous) => previous,
  });
  const siteList = sites.data?.data ?? [];
  // Every site seen, so the chosen one keeps its name while a search shows others.
  const seen = useRef(new Map<string, TSiteSummary>());
  for (const s of siteList) seen.current.set(s.id, s);
  const siteId =
    params.get('site') ?? siteList.find((s) => s.status === 'PUBLISH')?.id ?? siteList[0]?.id ?? null;
  const site = siteId ? seen.current.get(siteId) : undefined;
  const siteChoices = [...siteList, ...(site && !siteList.some((s) => s.id === site.id) ? [site] : [])];
  const tab = (
    TABS.includes(params.get('tab') as TAnalysisName) ? params.get('tab') : 'overview'
  ) as TAnalysisName;
  // The period in the address (or the default one); a bad one is reported, not sent.
  const period = periodOf({ from: params.get('from'), to: params.get('to') });
  const lang = (
    site?.languages.includes(params.get('lang') as TSiteLanguage) ? params.get('lang') : null
  ) as TSiteLanguage | null;
  const device = (
    DEVICE_CLASSES.includes(params.get('device') as TDeviceClass) ? params.get('device') : null
  ) as TDeviceClass | null;
  const filters: TAnalysisFilters = {
    from: period.from,
    to: period.to,
    ...(lang ? { lang } : {}),
    ...(device ? { device } : {}),
  };
  const [exporting, setExporting] = useState(false);
  // The picker's own value while a range is half chosen; the address holds the period.
  const [range, setRange] = useState<[string | null, string | null]>([period.from, period.to]);
  useEffect(() => setRange([period.from, period.to]), [period.from, period.to]);
  const [page, setPage] = useState('A1');

  const set = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes))
          if (v) next.set(k, v);
          else next.delete(k);
        return next;
      },
      { replace: true },
    );

  const exportCsv = async () => {
    if (!siteId) return;
    setExporting(true);
    try {
      await analyticsApi.exportCsv(siteId, tab, { ...filters, ...(tab === 'heatmap' ? { page } : {}) });
    } catch (error) {
      notifyError((error as Error).message);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="lg" data-testid="analytics-page">
      <PageHeading
        title={t('analytics.title')}
        subtitle={t('analytics.subtitle')}
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={exportCsv}
            loading={exporting}
            disabled={!siteId || !!period.problem}
            data-testid="analytics-export"
          >
            {t('analytics.exportCsv')}
          </Button>
        }
      />
      {sites.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {t('analytics.failed')}
        </Alert>
      ) : !sites.isPending && !keyword && siteList.length === 0 ? (
        <Alert variant="light" data-testid="analytics-no-sites">
          {t('analytics.noSites')}
        </Alert>
      ) : (
        <>
          <Paper withBorder radius="md" p="md">
            <Group gap="md" align="flex-end" wrap="wrap">
              <Select
                label={t('analytics.site')}
                placeholder={t('analytics.sitePlaceholder')}
                data={siteChoices.map((s) => ({ value: s.id, label: s.name }))}
                value={siteId}
                onChange={(v) => set({ site: v, lang: null })}
                searchable
                searchValue={search}
                onSearchChange={setSearch}
                // A search left unfinished gives way to the chosen site's name again.
                onOptionSubmit={(v) => setSearch(siteChoices.find((s) => s.id === v)?.name ?? '')}
                onDropdownClose={() => setSearch(site?.name ?? '')}
                filter={({ options }) => options}
                nothingFoundMessage={t('analytics.noSiteFound')}
                allowDeselect={false}
                w={{ base: '100%', sm: 260 }}
                data-testid="analytics-site"
              />
              <DatesProvider settings={{ locale: DAYJS_LOCALE[i18n.language as TUiLanguage] ?? 'ja' }}>
                <DatePickerInput
                  type="range"
                  label={t('analytics.period')}
                  value={range}
                  onChange={(next) => {
                    setRange(next);
                    // Both ends chosen: the period moves (the picker keeps start <= end).
                    if (next[0] && next[1]) set({ from: next[0], to: next[1] });
                  }}
                  valueFormat="YYYY/MM/DD"
                  maxDate={todayJst()}
                  allowSingleDateInRange
                  w={{ base: '100%', sm: 260 }}
                  data-testid="analytics-period"
                />
              </DatesProvider>
              {site && site.languages.length > 1 && (
                <Select
                  label={t('analytics.language')}
                  data={[
                    { value: '', label: t('analytics.allLanguages') },
                    ...site.languages.map((l) => ({ value: l, label: t(`sites.languages.${l}`) })),
                  ]}
                  value={lang ?? ''}
                  onChange={(v) => set({ lang: v || null })}
                  allowDeselect={false}
                  w={{ base: '100%', sm: 170 }}
                  data-testid="analytics-lang"
                />
              )}
              <Stack gap={4}>
                <span className="mantine-InputWrapper-label" style={{ fontSize: 14, fontWeight: 500 }}>
                  {t('analytics.device')}
                </span>
                <SegmentedControl
                  aria-label={t('analytics.device')}
                  value={device ?? 'ALL'}
                  onChange={(v) => set({ device: v === 'ALL' ? null : v })}
                  data={(['ALL', ...DEVICE_CLASSES] as const).map((d) => ({
                    value: d,
                    label: t(`analytics.devices.${d}`),
                  }))}
                  data-testid="analytics-device"
                />
              </Stack>
            </Group>
            {period.problem && (
              <Alert
                color="red"
                variant="light"
                mt="sm"
                icon={<IconAlertCircle size={18} />}
                data-testid="analytics-period-error"
              >
                {translate(period.problem, i18n.language as TUiLanguage)}
              </Alert>
            )}
          </Paper>
          <Tabs value={tab} onChange={(v) => set({ tab: v === 'overview' ? null : v })} keepMounted={false}>
            <Tabs.List style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
              {TABS.map((name) => (
                <Tabs.Tab key={name} value={name} data-testid={`analytics-tab-${name}`}>
                  {t(`analytics.tabs.${name}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {TABS.map((name) => (
              <Tabs.Panel key={name} value={name} pt="md">
                {name === tab && siteId && !period.problem && (
                  <AnalysisView name={tab} siteId={siteId} filters={filters} page={page} onPage={setPage} />
                )}
              </Tabs.Panel>
            ))}
          </Tabs>
        </>
      )}
    </Stack>
  );
}
