import { Alert, Badge, Button, Card, Group, Radio, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { TPaymentCard, TPaymentMethod } from '@swipe/contracts/billing';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import {
  IconAlertCircle,
  IconBuildingBank,
  IconCreditCard,
  IconPlus,
  IconStar,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../app/catalogue';
import { ConfirmDeleteModal } from '../../app/confirm-delete-modal';
import { notifyError, notifySuccess } from '../../app/notify';
import { useWriteAccess } from '../../app/write-access';
import { WriteButton, WriteIcon } from '../../app/write-control';
import { AddCardModal } from './add-card-modal';
import { billingApi, billingKeys } from './billing-api';
import { formatCardBrand, formatCardExpiry } from './billing-format';
import { TestModeBadge } from './billing-ui';

// Check Plan's payment method and cards: how bills are paid (the default card, or bank
// transfer), the registered cards, adding one, choosing the default and removing one.

const HEADING_STYLE = { letterSpacing: '0.04em' } as const;

export const useCards = () =>
  useQuery({ queryKey: billingKeys.cards, queryFn: ({ signal }) => billingApi.cards({ signal }) });

export function PaymentCards() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as TUiLanguage;
  const queryClient = useQueryClient();
  const write = useWriteAccess();
  const cards = useCards();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<TPaymentCard | null>(null);
  const info = cards.data?.data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: billingKeys.cards });

  const setDefault = useMutation({
    mutationFn: (card: TPaymentCard) => billingApi.setDefaultCard(card.id),
    onSuccess: async ({ message }) => {
      await refresh();
      notifySuccess(message ?? translateMessage('billing.cardDefaultSet', lang));
    },
  });
  const remove = useMutation({
    mutationFn: (card: TPaymentCard) => billingApi.removeCard(card.id),
    onSuccess: async ({ message }) => {
      await refresh();
      setRemoving(null);
      notifySuccess(message ?? translateMessage('billing.cardRemoved', lang));
    },
  });
  const method = useMutation({
    mutationFn: (next: TPaymentMethod) => billingApi.setMethod(next),
    onSuccess: async ({ message }) => {
      await refresh();
      notifySuccess(message ?? translateMessage('billing.methodChanged', lang));
    },
  });

  const chooseMethod = (next: string) => {
    if (!info || next === info.method) return;
    // The server refuses card payment without a card (billing.noCard): say so before asking.
    if (next === 'CARD' && info.cards.length === 0) {
      notifyError(translateMessage('billing.noCard', lang));
      return;
    }
    method.mutate(next as TPaymentMethod);
  };

  return (
    <Card component="section" aria-labelledby="payment-cards-heading" data-testid="payment-cards">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Group gap="xs">
            <Text
              id="payment-cards-heading"
              size="xs"
              fw={600}
              c="dimmed"
              tt="uppercase"
              style={HEADING_STYLE}
            >
              {t('billing.cards.heading')}
            </Text>
            {info?.testMode && <TestModeBadge testId="payment-cards-test-mode" />}
          </Group>
          <WriteButton
            locked={write.locked}
            reason={write.reason}
            size="sm"
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => setAdding(true)}
            disabled={!info}
            data-testid="card-add"
          >
            {t('billing.cards.add')}
          </WriteButton>
        </Group>

        {cards.isPending ? (
          <Stack gap="sm" role="status" aria-busy="true" data-testid="payment-cards-loading">
            <Skeleton height={56} radius="md" />
            <Skeleton height={56} radius="md" />
          </Stack>
        ) : cards.isError || !info ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            data-testid="payment-cards-error"
          >
            <Group justify="space-between" gap="sm">
              <Text size="sm">{t('billing.cards.loadFailed')}</Text>
              <Button size="xs" variant="white" onClick={() => void cards.refetch()}>
                {t('billing.retry')}
              </Button>
            </Group>
          </Alert>
        ) : (
          <>
            <Radio.Group
              value={info.method}
              onChange={chooseMethod}
              label={t('billing.cards.method')}
              description={write.locked ? write.reason : t('billing.cards.methodHint')}
              data-testid="payment-method"
            >
              <Group gap="sm" mt="xs" wrap="wrap">
                {(['CARD', 'BANK_TRANSFER'] as const).map((m) => (
                  <Radio.Card
                    key={m}
                    value={m}
                    radius="md"
                    p="sm"
                    w="auto"
                    miw={200}
                    style={{ flex: '1 1 200px' }}
                    disabled={write.locked || method.isPending}
                    data-testid={`payment-method-${m}`}
                  >
                    <Group gap="sm" wrap="nowrap">
                      <Radio.Indicator disabled={write.locked || method.isPending} />
                      {m === 'CARD' ? (
                        <IconCreditCard size={20} stroke={1.6} />
                      ) : (
                        <IconBuildingBank size={20} stroke={1.6} />
                      )}
                      <Text size="sm" fw={500}>
                        {t(`billing.method.${m}`)}
                      </Text>
                    </Group>
                  </Radio.Card>
                ))}
              </Group>
            </Radio.Group>

            {info.cards.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="payment-cards-empty">
                {t('billing.cards.noCards')}
              </Text>
            ) : (
              <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {info.cards.map((card) => (
                  <CardRow
                    key={card.id}
                    card={card}
                    settingDefault={setDefault.isPending && setDefault.variables?.id === card.id}
                    onDefault={() => setDefault.mutate(card)}
                    onRemove={() => setRemoving(card)}
                  />
                ))}
              </Stack>
            )}
          </>
        )}
      </Stack>

      <AddCardModal opened={adding} onClose={() => setAdding(false)} onAdded={refresh} />
      <ConfirmDeleteModal
        item={removing}
        title={t('billing.cards.removeTitle')}
        intro={(card) =>
          t('billing.cards.removeIntro', { brand: formatCardBrand(card.brand), last4: card.last4 })
        }
        consequences={(card) => [
          t('billing.cards.removeConsequence'),
          ...(card.isDefault ? [t('billing.cards.removeDefaultConsequence')] : []),
        ]}
        confirmLabel={t('billing.cards.remove')}
        cancelLabel={t('billing.cancel')}
        pending={remove.isPending}
        onConfirm={(card) => remove.mutate(card)}
        onClose={() => setRemoving(null)}
        testId="card-remove"
      />
    </Card>
  );
}

function CardRow(props: {
  card: TPaymentCard;
  settingDefault: boolean;
  onDefault: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { card } = props;
  const write = useWriteAccess();
  const brand = formatCardBrand(card.brand);
  return (
    <Group
      component="li"
      justify="space-between"
      gap="sm"
      p="sm"
      wrap="wrap"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}
      data-testid="card-row"
      data-last4={card.last4}
      data-default={card.isDefault}
    >
      <Group gap="sm" wrap="nowrap" miw={0}>
        <ThemeIcon size={36} radius="md" variant="light" color={card.isDefault ? 'brand' : 'gray'}>
          <IconCreditCard size={20} />
        </ThemeIcon>
        <Stack gap={0} miw={0}>
          <Group gap={6} wrap="wrap">
            <Text size="sm" fw={600}>
              {brand} •••• {card.last4}
            </Text>
            {card.isDefault && (
              <Badge size="sm" variant="light" color="brand" radius="sm" tt="none" data-testid="card-default">
                {t('billing.cards.default')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {t('billing.cards.expires', { date: formatCardExpiry(card.expMonth, card.expYear) })}
          </Text>
        </Stack>
      </Group>
      <Group gap={6} wrap="nowrap">
        {!card.isDefault && (
          <WriteButton
            locked={write.locked}
            reason={write.reason}
            size="compact-sm"
            variant="default"
            leftSection={<IconStar size={14} />}
            loading={props.settingDefault}
            onClick={props.onDefault}
            aria-label={t('billing.cards.setDefaultOf', { brand, last4: card.last4 })}
            data-testid="card-set-default"
          >
            {t('billing.cards.setDefault')}
          </WriteButton>
        )}
        <WriteIcon
          locked={write.locked}
          reason={write.reason}
          label={t('billing.cards.removeOf', { brand, last4: card.last4 })}
          variant="subtle"
          color="red"
          size={30}
          onClick={props.onRemove}
          data-testid="card-remove"
        >
          <IconTrash size={17} stroke={1.7} />
        </WriteIcon>
      </Group>
    </Group>
  );
}
