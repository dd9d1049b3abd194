import { Anchor, Card, Code, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CONVERSION_KINDS } from '@swipe/contracts/site-events';
import {
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMEOUT_MS,
} from '@swipe/contracts/webhooks';
import { IconExternalLink, IconShieldCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SIGNATURE_EXAMPLE, TEST_INBOX_PATH } from './webhook-values';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} miw={0}>
      <Title order={3} fz="sm" fw={650}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * What a webhook receives and how to tell a genuine request: the conversions sent, the retries,
 * the two headers (names from the contracts), the HMAC check and test mode.
 */
export function WebhookGuide({ testInbox }: { testInbox: boolean }) {
  const { t } = useTranslation();
  return (
    <Card p="md" data-testid="webhooks-guide">
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap">
          <IconShieldCheck size={20} stroke={1.6} color="var(--mantine-color-blue-7)" aria-hidden />
          <Title order={2} fz="md" fw={650}>
            {t('webhooks.guide.title')}
          </Title>
        </Group>
        <SimpleGrid type="container" cols={{ base: 1, '760px': 3 }} spacing="lg" verticalSpacing="md">
          <Section title={t('webhooks.guide.sentTitle')}>
            <Text size="sm">{t('webhooks.guide.sentBody')}</Text>
            <List size="sm" spacing={2}>
              {CONVERSION_KINDS.map((kind) => (
                <List.Item key={kind}>{t(`webhooks.events.${kind}`)}</List.Item>
              ))}
            </List>
            <Text size="sm" c="dimmed">
              {t('webhooks.guide.retries', {
                seconds: WEBHOOK_TIMEOUT_MS / 1000,
                max: WEBHOOK_MAX_ATTEMPTS,
              })}
            </Text>
          </Section>
          <Section title={t('webhooks.guide.headersTitle')}>
            <Stack gap={8}>
              <div>
                <Code className="break-anywhere" data-testid="webhooks-signature-header">
                  {WEBHOOK_SIGNATURE_HEADER}: t=…,v1=…
                </Code>
                <Text size="sm" mt={4}>
                  {t('webhooks.guide.signatureHeader')}
                </Text>
              </div>
              <div>
                <Code className="break-anywhere">{WEBHOOK_EVENT_HEADER}</Code>
                <Text size="sm" mt={4}>
                  {t('webhooks.guide.eventHeader')}
                </Text>
              </div>
            </Stack>
          </Section>
          <Section title={t('webhooks.guide.verifyTitle')}>
            <List size="sm" spacing={4} type="ordered">
              <List.Item>{t('webhooks.guide.verifyStep1')}</List.Item>
              <List.Item>{t('webhooks.guide.verifyStep2')}</List.Item>
              <List.Item>{t('webhooks.guide.verifyStep3')}</List.Item>
            </List>
            <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {SIGNATURE_EXAMPLE}
            </Code>
          </Section>
        </SimpleGrid>
        <Section title={t('webhooks.guide.testTitle')}>
          <Text size="sm">{t('webhooks.guide.testBody')}</Text>
          {testInbox && (
            <Anchor
              href={TEST_INBOX_PATH}
              target="_blank"
              rel="noopener"
              size="sm"
              data-testid="webhooks-test-inbox"
            >
              <Group gap={4} component="span">
                {t('webhooks.guide.testInbox')}
                <IconExternalLink size={14} aria-hidden />
              </Group>
            </Anchor>
          )}
        </Section>
      </Stack>
    </Card>
  );
}
