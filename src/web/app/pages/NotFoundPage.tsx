import SearchOff from '@mui/icons-material/SearchOff';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './StatusPage.tsx';

export default function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <StatusPage
      icon={<SearchOff fontSize="inherit" />}
      title={t('statusPage.notFoundTitle')}
      message={t('statusPage.notFoundMessage')}
    />
  );
}
