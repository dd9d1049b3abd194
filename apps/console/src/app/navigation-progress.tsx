import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import classes from './navigation-progress.module.css';

/** A thin bar while the next page's code loads, so a click never looks ignored. */
export function NavigationProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <Box className={classes.bar} role="progressbar" aria-busy="true" aria-label={t('app.loading')} />;
}
