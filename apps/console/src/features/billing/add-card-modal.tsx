import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type TCardSetup, type TPaymentCard, ZTestCardBody } from '@swipe/contracts/billing';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { IconAlertCircle, IconCreditCard, IconFlask, IconLock } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api-client';
import { translateMessage } from '../../app/catalogue';
import { zodErrors } from '../../app/forms';
import { notifySuccess } from '../../app/notify';
import { billingApi, billingKeys } from './billing-api';
import { groupCardNumber, isCardExpired, parseExpiry, shapeExpiry } from './billing-format';
import { TestModeBadge } from './billing-ui';

// Adding a card. The server says which provider takes it: in test mode a plain form whose
// fields go to the test provider's tokenizer; with Stripe, Stripe's own card field (Stripe.js is
// fetched only then), so the card number never reaches our server. Either way the resulting
// token is registered with POST /api/billing/cards. The form is a panel of its own, shown in this
// modal on Check Plan and inside Pay now.

const StripeCardForm = lazy(() => import('./stripe-card-form'));

/** A failure to show in the modal: the card-add error, and the provider's or server's words. */
export type TCardFailure = { detail?: string } | null;

export function AddCardModal(props: { opened: boolean; onClose: () => void; onAdded: () => unknown }) {
  const { t } = useTranslation();
  // Whether cards go to the test provider: the account's cards say so (Check Plan has them).
  const cards = useQuery({
    queryKey: billingKeys.cards,
    queryFn: ({ signal }) => billingApi.cards({ signal }),
  });
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      centered
      closeButtonProps={{ 'aria-label': t('billing.cancel') }}
      title={
        <Group gap="xs">
          <IconCreditCard size={20} />
          <Text fw={650}>{t('billing.addCard.title')}</Text>
          {cards.data?.data.testMode && <TestModeBadge testId="add-card-test-mode" />}
        </Group>
      }
    >
      <div data-testid="add-card-modal">
        {props.opened && (
          <AddCardPanel
            onAdded={async () => {
              await props.onAdded();
              props.onClose();
            }}
            onCancel={props.onClose}
          />
        )}
      </div>
    </Modal>
  );
}

/**
 * The card form of whichever provider the server names, asked for when it mounts: adds the card
 * to the account, says so, then calls `onAdded` with it (a modal closes; Pay now selects it).
 */
export function AddCardPanel(props: { onAdded: (card: TPaymentCard) => unknown; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as TUiLanguage;
  const setup = useMutation({ mutationFn: () => billingApi.cardSetup({ toast: false }) });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh setup each time it is shown
  useEffect(() => {
    setup.mutate();
  }, []);

  /** Registers a provider's token; resolves with the failure to show, or null once added. */
  const register = async (token: string): Promise<TCardFailure> => {
    try {
      const { data, message } = await billingApi.addCard(token, { toast: false });
      notifySuccess(message ?? translateMessage('billing.cardAdded', lang));
      await props.onAdded(data);
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'aborted') return null;
      return { detail: error instanceof ApiError ? error.message : undefined };
    }
  };

  const info: TCardSetup | undefined = setup.data?.data;
  if (setup.isPending || setup.isIdle)
    return (
      <Group justify="center" py="xl" role="status" aria-busy="true">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {t('billing.addCard.preparing')}
        </Text>
      </Group>
    );
  if (setup.isError || !info)
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          <Text size="sm">{translateMessage('billing.cardAddFailed', lang)}</Text>
          {setup.error instanceof ApiError && (
            <Text size="xs" mt={4}>
              {setup.error.message}
            </Text>
          )}
        </Alert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onCancel}>
            {t('billing.cancel')}
          </Button>
          <Button onClick={() => setup.mutate()}>{t('billing.retry')}</Button>
        </Group>
      </Stack>
    );
  if (info.provider === 'TEST') return <TestCardForm onToken={register} onCancel={props.onCancel} />;
  return (
    <Suspense
      fallback={
        <Group justify="center" py="xl" role="status">
          <Loader size="sm" />
        </Group>
      }
    >
      <StripeCardForm
        publishableKey={info.publishableKey}
        clientSecret={info.clientSecret}
        onToken={register}
        onCancel={props.onCancel}
      />
    </Suspense>
  );
}

/** The card-add failure message, with the provider's or server's own words under it. */
export function CardFailureAlert({ failure, required }: { failure: TCardFailure; required: boolean }) {
  const { i18n } = useTranslation();
  const lang = i18n.language as TUiLanguage;
  if (!failure && !required) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} />}
      role="alert"
      data-testid="add-card-error"
    >
      <Text size="sm">
        {required
          ? translateMessage('billing.cardRequired', lang)
          : translateMessage('billing.cardAddFailed', lang)}
      </Text>
      {!required && failure?.detail && (
        <Text size="xs" mt={4}>
          {failure.detail}
        </Text>
      )}
    </Alert>
  );
}

export function CardFormButtons(props: { onCancel: () => void; pending: boolean; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={props.onCancel} disabled={props.pending}>
        {t('billing.cancel')}
      </Button>
      <Button type="submit" loading={props.pending} disabled={props.disabled} data-testid="add-card-submit">
        {t('billing.addCard.submit')}
      </Button>
    </Group>
  );
}

type TField = 'number' | 'expiry' | 'cvc';
const FIELD_OF: Record<string, TField> = {
  number: 'number',
  expMonth: 'expiry',
  expYear: 'expiry',
  cvc: 'cvc',
};

/** The test provider's card form: number, expiry MM/YY and CVC, checked here and by the server. */
function TestCardForm(props: { onToken: (token: string) => Promise<TCardFailure>; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as TUiLanguage;
  const [values, setValues] = useState<Record<TField, string>>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Partial<Record<TField, string | true>>>({});
  const [required, setRequired] = useState(false);
  const [failure, setFailure] = useState<TCardFailure>(null);
  const [pending, setPending] = useState(false);

  const set = (field: TField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setRequired(false);
    setFailure(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    setFailure(null);
    // An empty field is "Please enter all required fields.", each empty one outlined.
    const empty = (Object.keys(values) as TField[]).filter((f) => values[f].trim() === '');
    if (empty.length > 0) {
      setRequired(true);
      setErrors(Object.fromEntries(empty.map((f) => [f, true])));
      return;
    }
    setRequired(false);
    const expiry = parseExpiry(values.expiry);
    const body = {
      number: values.number,
      expMonth: expiry?.expMonth ?? 0,
      expYear: expiry?.expYear ?? 0,
      cvc: values.cvc.trim(),
    };
    const found: Partial<Record<TField, string>> = {};
    for (const [path, text] of Object.entries(zodErrors(ZTestCardBody, body, lang)))
      found[FIELD_OF[path] ?? 'number'] ??= String(text);
    if (!expiry) found.expiry = translateMessage('billing.cardExpiryInvalid', lang);
    else if (!found.expiry && isCardExpired(expiry.expMonth, expiry.expYear))
      found.expiry = translateMessage('billing.cardExpired', lang);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }

    setPending(true);
    try {
      let token: string;
      try {
        token = (await billingApi.testCardToken(body, { toast: false })).data.token;
      } catch (error) {
        if (error instanceof ApiError && error.kind === 'aborted') return;
        const fields: Partial<Record<TField, string>> = {};
        if (error instanceof ApiError)
          for (const [path, text] of Object.entries(error.fieldErrors)) {
            const field = FIELD_OF[path];
            if (field) fields[field] ??= text;
          }
        if (Object.keys(fields).length > 0) setErrors(fields);
        else setFailure({ detail: error instanceof ApiError ? error.message : undefined });
        return;
      }
      setFailure(await props.onToken(token));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="test-card-form">
      <Stack gap="md">
        <Alert color="yellow" variant="light" icon={<IconFlask size={18} />} data-testid="test-card-hint">
          <Text size="sm">{t('billing.addCard.testHint')}</Text>
        </Alert>
        <TextInput
          label={t('billing.addCard.number')}
          required
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          value={values.number}
          onChange={(e) => set('number', groupCardNumber(e.currentTarget.value))}
          error={errors.number}
          data-autofocus
          data-testid="card-number"
        />
        <Group grow gap="sm" align="flex-start">
          <TextInput
            label={t('billing.addCard.expiry')}
            required
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={5}
            value={values.expiry}
            onChange={(e) => set('expiry', shapeExpiry(e.currentTarget.value))}
            error={errors.expiry}
            data-testid="card-expiry"
          />
          <TextInput
            label={t('billing.addCard.cvc')}
            required
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={values.cvc}
            onChange={(e) => set('cvc', e.currentTarget.value.replace(/\D/g, ''))}
            error={errors.cvc}
            data-testid="card-cvc"
          />
        </Group>
        <CardFailureAlert failure={failure} required={required} />
        <Group gap={6} wrap="nowrap">
          <IconLock size={14} color="var(--mantine-color-dimmed)" />
          <Text size="xs" c="dimmed">
            {t('billing.addCard.testNote')}
          </Text>
        </Group>
        <CardFormButtons onCancel={props.onCancel} pending={pending} />
      </Stack>
    </form>
  );
}
