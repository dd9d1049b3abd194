import { Box, List, PasswordInput, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { OPERATOR_PASSWORD, PASSWORD_SPECIALS } from '@swipe/contracts/password';
import { IconCheck, IconPoint } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

// The new-password pair used by reset, first-time change and change-password, with the rules
// (length, lower and upper case, digit, symbol, no spaces) ticked off live so nobody has to guess
// why a password is refused.

type TRule = 'length' | 'lower' | 'upper' | 'digit' | 'special' | 'noSpaces';

const SPECIALS = new Set(PASSWORD_SPECIALS);

export function passwordRuleStates(value: string, limits = OPERATOR_PASSWORD): Record<TRule, boolean> {
  return {
    length: value.length >= limits.min && value.length <= limits.max,
    lower: /[a-z]/.test(value),
    upper: /[A-Z]/.test(value),
    digit: /[0-9]/.test(value),
    special: [...value].some((c) => SPECIALS.has(c)),
    noSpaces: value.length > 0 && !/\s/.test(value),
  };
}

export function PasswordRules({ value }: { value: string }) {
  const { t } = useTranslation();
  const states = passwordRuleStates(value);
  const label = (rule: TRule) =>
    rule === 'length'
      ? t('password.rules.length', { min: OPERATOR_PASSWORD.min, max: OPERATOR_PASSWORD.max })
      : rule === 'special'
        ? t('password.rules.special', { chars: [...PASSWORD_SPECIALS].join(' ') })
        : t(`password.rules.${rule}`);
  return (
    <Box
      p="sm"
      bg="gray.0"
      style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--mantine-color-gray-2)' }}
      data-testid="password-rules"
    >
      <Text size="xs" fw={600} c="dimmed" mb={6}>
        {t('password.rulesTitle')}
      </Text>
      <List spacing={4} size="sm" center>
        {(Object.keys(states) as TRule[]).map((rule) => {
          const met = states[rule];
          return (
            <List.Item
              key={rule}
              data-met={met || undefined}
              icon={
                <ThemeIcon
                  size={18}
                  radius="xl"
                  color={met ? 'teal' : 'gray'}
                  variant={met ? 'filled' : 'light'}
                >
                  {met ? <IconCheck size={12} stroke={3} /> : <IconPoint size={12} />}
                </ThemeIcon>
              }
            >
              <Text size="sm" c={met ? 'dark.7' : 'dimmed'} className="break-anywhere" span>
                {label(rule)}
              </Text>
              <VisuallyHidden>{met ? t('password.met') : t('password.notMet')}</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </Box>
  );
}

type TPasswordValues = { password: string; passwordConfirmation: string };

export function NewPasswordFields<T extends TPasswordValues>({
  form,
  passwordTestId,
  confirmationTestId,
  autoFocus,
}: {
  form: UseFormReturnType<T>;
  passwordTestId: string;
  confirmationTestId: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  // The generic form cannot prove these paths exist; TPasswordValues guarantees them.
  const f = form as unknown as UseFormReturnType<TPasswordValues>;
  const passwordProps = f.getInputProps('password');
  // A "do not match" under the confirmation is stale once the password itself is edited.
  const onPasswordChange = (event: unknown) => {
    passwordProps.onChange(event);
    if (f.errors.passwordConfirmation) f.clearFieldError('passwordConfirmation');
  };
  return (
    <Stack gap="md">
      <PasswordInput
        label={t('password.new')}
        autoComplete="new-password"
        withAsterisk
        autoFocus={autoFocus}
        data-testid={passwordTestId}
        {...passwordProps}
        onChange={onPasswordChange}
      />
      <PasswordRules value={f.getValues().password} />
      <PasswordInput
        label={t('password.confirmation')}
        autoComplete="new-password"
        withAsterisk
        data-testid={confirmationTestId}
        {...f.getInputProps('passwordConfirmation')}
      />
    </Stack>
  );
}
