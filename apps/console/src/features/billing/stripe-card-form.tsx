import { Box, Group, Input, Loader, Stack, Text } from '@mantine/core';
import type { Stripe, StripeCardElement, StripeElementLocale } from '@stripe/stripe-js';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { IconLock } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardFailureAlert, CardFormButtons, type TCardFailure } from './add-card-modal';

// Stripe's card field. This module (and Stripe.js with it) is loaded only when the server's
// provider is Stripe: the card goes from the browser to Stripe (confirmCardSetup on the
// SetupIntent), and only the resulting PaymentMethod id is sent to our server.

const STRIPE_LOCALES: Record<TUiLanguage, StripeElementLocale> = { ja: 'ja', en: 'en', cn: 'zh', kr: 'ko' };

type TState = { stripe: Stripe; card: StripeCardElement } | null;

export default function StripeCardForm(props: {
  publishableKey: string;
  clientSecret: string;
  onToken: (token: string) => Promise<TCardFailure>;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const mountRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<TState>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [complete, setComplete] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [required, setRequired] = useState(false);
  const [failure, setFailure] = useState<TCardFailure>(null);
  const [pending, setPending] = useState(false);
  const locale = STRIPE_LOCALES[i18n.language as TUiLanguage] ?? 'auto';

  useEffect(() => {
    let card: StripeCardElement | undefined;
    let cancelled = false;
    import('@stripe/stripe-js')
      .then(({ loadStripe }) => loadStripe(props.publishableKey))
      .then((stripe) => {
        if (cancelled) return;
        if (!stripe || !mountRef.current) {
          setLoadFailed(true);
          return;
        }
        card = stripe.elements({ locale }).create('card', { hidePostalCode: true });
        card.on('change', (event) => {
          setComplete(event.complete);
          setFieldError(event.error?.message);
          setRequired(false);
          setFailure(null);
        });
        card.mount(mountRef.current);
        setState({ stripe, card });
      })
      .catch(() => !cancelled && setLoadFailed(true));
    return () => {
      cancelled = true;
      card?.destroy();
    };
  }, [props.publishableKey, locale]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!state || pending) return;
    // An empty or half-typed card is "Please enter all required fields."
    if (!complete) {
      setRequired(true);
      state.card.focus();
      return;
    }
    setPending(true);
    setFailure(null);
    try {
      const result = await state.stripe.confirmCardSetup(props.clientSecret, {
        payment_method: { card: state.card },
      });
      const method = result.setupIntent?.payment_method;
      const token = typeof method === 'string' ? method : method?.id;
      if (result.error || !token) {
        setFailure({ detail: result.error?.message });
        return;
      }
      setFailure(await props.onToken(token));
    } catch {
      setFailure({});
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="stripe-card-form">
      <Stack gap="md">
        <Input.Wrapper label={t('billing.addCard.card')} required error={fieldError}>
          <Box
            ref={mountRef}
            mt={4}
            p={10}
            style={{
              border: '1px solid var(--mantine-color-gray-4)',
              borderRadius: 'var(--mantine-radius-sm)',
              minHeight: 40,
            }}
            data-testid="stripe-card-element"
          />
        </Input.Wrapper>
        {!state && !loadFailed && (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="xs" c="dimmed">
              {t('billing.addCard.stripeLoading')}
            </Text>
          </Group>
        )}
        <CardFailureAlert
          failure={loadFailed ? { detail: t('billing.addCard.stripeFailed') } : failure}
          required={required}
        />
        <Group gap={6} wrap="nowrap">
          <IconLock size={14} color="var(--mantine-color-dimmed)" />
          <Text size="xs" c="dimmed">
            {t('billing.addCard.secureNote')}
          </Text>
        </Group>
        <CardFormButtons onCancel={props.onCancel} pending={pending} disabled={!state} />
      </Stack>
    </form>
  );
}
