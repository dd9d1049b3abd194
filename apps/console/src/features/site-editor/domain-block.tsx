import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useEditor, useField } from './editor-context';

import { Block } from './settings-block';

/** The domain wizard: enter the domain, copy the CNAME value, add it at the provider, complete. */
export function DomainBlock({ cnameTarget }: { cnameTarget: string | null }) {
  const { t } = useTranslation();
  const { doc, flags } = useEditor();
  const domain = useField(['domain', 'customDomain']);
  const path = useField(['domain', 'customPath']);
  const locked = !flags.privateDomain;
  const step = doc.domain.customDomain ? (cnameTarget ? 3 : 1) : 0;
  return (
    <Block title={t('siteEditor.domain.title')} description={t('siteEditor.domain.hint')}>
      <Stepper active={step} size="sm" orientation="horizontal" allowNextStepsSelect={false}>
        <Stepper.Step label={t('siteEditor.domain.step1')} />
        <Stepper.Step label={t('siteEditor.domain.step2')} />
        <Stepper.Step label={t('siteEditor.domain.step3')} />
        <Stepper.Step label={t('siteEditor.domain.step4')} />
      </Stepper>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('siteEditor.domain.domain')}
          placeholder="lp.example.com"
          description={locked ? t('siteEditor.plan.noDomain') : t('siteEditor.domain.domainHint')}
          {...domain}
          disabled={domain.disabled || locked}
          data-testid="custom-domain"
        />
        <TextInput
          label={t('siteEditor.domain.path')}
          placeholder="spring-sale"
          description={t('siteEditor.domain.pathHint')}
          {...path}
          maxLength={50}
        />
      </SimpleGrid>
      {doc.domain.customDomain && cnameTarget && (
        <Alert variant="light" color="blue" title={t('siteEditor.domain.cnameTitle')}>
          <Stack gap={6}>
            <Text size="sm">{t('siteEditor.domain.cnameBody', { domain: doc.domain.customDomain })}</Text>
            <Group gap="xs">
              <Code>{cnameTarget}</Code>
              <CopyButton value={cnameTarget}>
                {({ copied, copy }) => (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={copy}
                    leftSection={copied ? <IconCheck size={12} /> : <IconCopy size={12} />}
                  >
                    {copied ? t('siteEditor.domain.copied') : t('siteEditor.domain.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="xs" c="dimmed">
              {t('siteEditor.domain.wait')}
            </Text>
          </Stack>
        </Alert>
      )}
    </Block>
  );
}
