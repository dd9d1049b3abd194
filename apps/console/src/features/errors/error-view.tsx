import { Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconHome, IconRefresh } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Brand } from '../../app/brand';

export type TErrorAction = 'home' | 'back' | 'reload';

type Props = {
  testId: string;
  /** The status code shown large; omitted for errors that are not HTTP statuses. */
  code?: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  color: string;
  title: string;
  body: string;
  actions: TErrorAction[];
  /** Inside the signed-in shell the product name is already in the header. */
  inShell?: boolean;
  children?: ReactNode;
};

/** The shared body of every error screen: what happened, why, and a way out. */
export function ErrorView({ testId, code, icon: Icon, color, title, body, actions, inShell }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const buttons: Record<TErrorAction, ReactNode> = {
    home: (
      <Button key="home" component={Link} to="/" leftSection={<IconHome size={18} />}>
        {t('errors.backHome')}
      </Button>
    ),
    back: (
      <Button
        key="back"
        variant="default"
        onClick={() => void navigate(-1)}
        leftSection={<IconArrowLeft size={18} />}
      >
        {t('errors.goBack')}
      </Button>
    ),
    reload: (
      <Button
        key="reload"
        variant={actions[0] === 'reload' ? 'filled' : 'default'}
        onClick={() => window.location.reload()}
        leftSection={<IconRefresh size={18} />}
      >
        {t('errors.reload')}
      </Button>
    ),
  };
  return (
    <Center mih={inShell ? '60vh' : '100dvh'} px="md" py="xl" data-testid={testId}>
      <Stack align="center" gap="lg" maw={520} ta="center">
        {!inShell && <Brand size={28} />}
        <ThemeIcon size={72} radius="xl" variant="light" color={color}>
          <Icon size={38} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={6} align="center">
          {code && (
            <Text size="sm" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.08em' }}>
              {t('errors.code', { code })}
            </Text>
          )}
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
          <Text c="dimmed" size="md" className="break-anywhere">
            {body}
          </Text>
        </Stack>
        <Group justify="center" gap="sm">
          {actions.map((a) => buttons[a])}
        </Group>
      </Stack>
    </Center>
  );
}
