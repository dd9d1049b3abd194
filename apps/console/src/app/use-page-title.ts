import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/** "<page> | Swipe LP": tabs and history entries stay tellable apart. */
export function usePageTitle(title?: string) {
  const { t } = useTranslation();
  useDocumentTitle(title ? `${title} | ${t('app.name')}` : t('app.name'));
}
