import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import {
  type TCreateWebhookRequest,
  WEBHOOK_URL_MAX,
  WEBHOOKS_PER_SITE,
  ZCreateWebhookRequest,
} from '@swipe/contracts/webhooks';
import { IconFlask, IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../app/catalogue';
import { reportFormError, useZodForm } from '../../app/forms';
import { notifySuccess } from '../../app/notify';
import { typedTestHost, urlErrorOf } from './webhook-values';
import { webhookKeys, webhooksApi } from './webhooks-api';

/**
 * Registers a URL: checked with the contracts' ZWebhookUrl as typed (the messages of the UI
 * language), then by the server, whose field error or conflict shows at the field too.
 */
export function WebhookForm({ siteId, full }: { siteId: string; full: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as TUiLanguage;
  const queryClient = useQueryClient();
  const form = useZodForm<TCreateWebhookRequest>(ZCreateWebhookRequest, { url: '' });

  const create = useMutation({
    mutationFn: (values: TCreateWebhookRequest) => webhooksApi.create(siteId, values, { toast: false }),
    onSuccess: async ({ message }) => {
      notifySuccess(message ?? translateMessage('webhooks.created', lang));
      form.reset();
      await queryClient.invalidateQueries({ queryKey: webhookKeys.list(siteId) });
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await create.mutateAsync(ZCreateWebhookRequest.parse(values));
    } catch (error) {
      const atField = urlErrorOf(error);
      if (atField) form.setFieldError('url', atField);
      else reportFormError(form, error);
    }
  });

  const typed = form.getValues().url;
  return (
    <Card p="md" data-testid="webhook-form">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="md" fw={650}>
            {t('webhooks.form.title')}
          </Title>
          {full ? (
            <Text size="sm" c="dimmed" data-testid="webhook-form-full">
              {translateMessage('webhooks.tooMany', lang, { max: WEBHOOKS_PER_SITE })}
            </Text>
          ) : (
            <TextInput
              label={t('webhooks.form.url')}
              placeholder={t('webhooks.form.placeholder')}
              description={t('webhooks.form.description')}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              withAsterisk
              inputWrapperOrder={['label', 'description', 'input', 'error']}
              // The button sits beside the input itself (level with it whatever the label and
              // hint above take), and goes under it when the card is narrow.
              inputContainer={(input) => (
                <Group gap="sm" align="flex-end" wrap="wrap">
                  <div style={{ flex: '1 1 280px', minWidth: 0 }}>{input}</div>
                  <Button
                    type="submit"
                    size="md"
                    leftSection={<IconPlus size={18} stroke={1.8} />}
                    loading={create.isPending}
                    data-testid="webhook-add"
                  >
                    {t('webhooks.form.submit')}
                  </Button>
                </Group>
              )}
              maxLength={WEBHOOK_URL_MAX}
              data-testid="webhook-url"
              {...form.getInputProps('url')}
            />
          )}
          {!full && typedTestHost(typed) && !form.errors.url && (
            <Group gap={6} wrap="nowrap" c="grape.8" data-testid="webhook-form-test-hint">
              <IconFlask size={16} aria-hidden style={{ flexShrink: 0 }} />
              <Text size="sm">{t('webhooks.form.testHint')}</Text>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}
