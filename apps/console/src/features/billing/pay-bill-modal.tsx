import { Alert, Button, Checkbox, Group, Loader, Modal, Radio, Stack, Text, ThemeIcon } from '@mantine/core';
import type { TBill, TPaymentCard } from '@swipe/contracts/billing';
import { IconAlertCircle, IconBuildingBank, IconCreditCard, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api-client';
import { formatShortDate, formatYen, todayJst } from '../../app/format';
import { notifySuccess } from '../../app/notify';
import { AddCardPanel } from './add-card-modal';
import { billingApi, billingKeys } from './billing-api';
import { formatCardBrand, formatCardExpiry, formatMonth, isCardExpired } from './billing-format';
import { InvoiceButton, TestModeBadge, useFailureReason } from './billing-ui';

// "Pay now": the holder pays one bill with a saved card of its choice (the default one first)
// or a card it adds here, optionally keeping that card for the bills to come. A failure stays
// in the dialog, said in the UI language by its code, so another card can be tried at once; a
// bank transfer to the account on the invoice is offered beside it.

export function PayBillModal({ bill, onClose }: { bill: TBill | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Modal
      opened={bill !== null}
      onClose={onClose}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('billing.cancel') }}
      title={
        <Group gap="xs">
          <IconCreditCard size={20} />
          <Text fw={650}>{bill ? t('billing.pay.title', { month: formatMonth(bill.month, lang) }) : ''}</Text>
          {bill?.testMode && <TestModeBadge testId="pay-bill-test-mode" />}
        </Group>
      }
    >
      {bill && <PayBill key={bill.id} bill={bill} onClose={onClose} />}
    </Modal>
  );
}

function PayBill({ bill, onClose }: { bill: TBill; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const queryClient = useQueryClient();
  const failureReason = useFailureReason();
  const cards = useQuery({
    queryKey: billingKeys.cards,
    queryFn: ({ signal }) => billingApi.cards({ signal }),
  });
  const usable = (cards.data?.data.cards ?? []).filter((c) => !isCardExpired(c.expMonth, c.expYear));
  const [cardId, setCardId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [makeDefault, setMakeDefault] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);

  // The default card is chosen first (or the first usable one); an added card is chosen at once.
  const chosen = usable.find((c) => c.id === cardId) ?? usable.find((c) => c.isDefault) ?? usable[0];
  useEffect(() => {
    if (cards.data && usable.length === 0) setAdding(true);
  }, [cards.data, usable.length]);

  const pay = useMutation({
    mutationFn: (card: TPaymentCard) =>
      billingApi.pay(
        bill.id,
        { cardId: card.id, makeDefault: !card.isDefault && makeDefault },
        { toast: false },
      ),
    onSuccess: async ({ data, message }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: billingKeys.bills }),
        queryClient.invalidateQueries({ queryKey: billingKeys.cards }),
      ]);
      if (data.status === 'FAILED') {
        setFailure(message ?? failureReason(data));
        return;
      }
      notifySuccess(message ?? t('billing.history.paid'));
      onClose();
    },
    onError: (error) => setFailure(error instanceof ApiError ? error.message : t('billing.actionFailed')),
  });

  const overdue = bill.status === 'UNPAID' && bill.dueDate < todayJst();
  return (
    <Stack gap="md" data-testid="pay-bill-modal" data-number={bill.number}>
      <Stack gap={4}>
        <Text size="sm" fw={600} data-testid="pay-bill-summary">
          {t('billing.pay.summary', { number: bill.number, total: formatYen(bill.total, lang) })}
        </Text>
        {bill.status === 'FAILED' && (
          <Text size="sm" c="red.8" data-testid="pay-bill-last-failure">
            {t('billing.pay.lastFailure', { reason: failureReason(bill) })}
          </Text>
        )}
        {overdue && (
          <Text size="sm" c="orange.9">
            {t('billing.pay.overdue', { due: formatShortDate(bill.dueDate, lang) })}
          </Text>
        )}
      </Stack>

      {cards.isPending ? (
        <Group justify="center" py="md" role="status" aria-busy="true">
          <Loader size="sm" />
        </Group>
      ) : adding ? (
        <Stack gap="xs" data-testid="pay-bill-add-card">
          <Text size="sm" fw={600}>
            {t('billing.pay.addCard')}
          </Text>
          <AddCardPanel
            onAdded={async (card) => {
              await queryClient.invalidateQueries({ queryKey: billingKeys.cards });
              setCardId(card.id);
              setFailure(null);
              setAdding(false);
            }}
            onCancel={() => (usable.length > 0 ? setAdding(false) : onClose())}
          />
        </Stack>
      ) : (
        <Radio.Group
          value={chosen?.id ?? null}
          onChange={(id) => {
            setCardId(id);
            setFailure(null);
          }}
          label={t('billing.pay.chooseCard')}
          description={t('billing.pay.chooseHint')}
          data-testid="pay-bill-cards"
        >
          <Stack gap="xs" mt="xs">
            {usable.map((card) => (
              <CardChoice key={card.id} card={card} />
            ))}
            <Button
              variant="subtle"
              leftSection={<IconPlus size={16} />}
              onClick={() => setAdding(true)}
              style={{ alignSelf: 'flex-start' }}
              data-testid="pay-bill-add-card-open"
            >
              {t('billing.pay.addCard')}
            </Button>
          </Stack>
        </Radio.Group>
      )}

      {!adding && chosen && !chosen.isDefault && (
        <Checkbox
          checked={makeDefault}
          onChange={(e) => setMakeDefault(e.currentTarget.checked)}
          label={t('billing.pay.makeDefault')}
          data-testid="pay-bill-make-default"
        />
      )}

      {failure && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          title={t('billing.pay.failed')}
          data-testid="pay-bill-error"
        >
          <Text size="sm">{failure}</Text>
          <Text size="xs" mt={4}>
            {t('billing.pay.tryAnother')}
          </Text>
        </Alert>
      )}

      <Group
        gap="sm"
        wrap="nowrap"
        align="flex-start"
        p="sm"
        bg="gray.0"
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      >
        <ThemeIcon size={28} radius="md" variant="light" color="gray">
          <IconBuildingBank size={16} />
        </ThemeIcon>
        <Stack gap={6} miw={0} align="flex-start" style={{ flex: 1 }}>
          <Text size="xs" c="dimmed">
            {t('billing.pay.transfer')}
          </Text>
          <InvoiceButton bill={bill} labelled />
        </Stack>
      </Group>

      {!adding && (
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pay.isPending}>
            {t('billing.cancel')}
          </Button>
          <Button
            leftSection={<IconCreditCard size={16} />}
            disabled={!chosen}
            loading={pay.isPending}
            onClick={() => {
              if (!chosen) return;
              setFailure(null);
              pay.mutate(chosen);
            }}
            data-testid="pay-bill-submit"
          >
            {t('billing.pay.submit', { total: formatYen(bill.total, lang) })}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function CardChoice({ card }: { card: TPaymentCard }) {
  const { t } = useTranslation();
  const brand = formatCardBrand(card.brand);
  return (
    <Radio.Card value={card.id} radius="md" p="sm" data-testid="pay-bill-card" data-last4={card.last4}>
      <Group gap="sm" wrap="nowrap">
        <Radio.Indicator />
        <IconCreditCard size={20} stroke={1.6} />
        <Stack gap={0} miw={0}>
          <Text size="sm" fw={600}>
            {brand} •••• {card.last4}
            {card.isDefault && (
              <Text component="span" size="xs" c="dimmed" fw={500} ml={8}>
                {t('billing.cards.default')}
              </Text>
            )}
          </Text>
          <Text size="xs" c="dimmed">
            {t('billing.cards.expires', { date: formatCardExpiry(card.expMonth, card.expYear) })}
          </Text>
        </Stack>
      </Group>
    </Radio.Card>
  );
}
