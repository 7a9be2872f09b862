import Block from '@mui/icons-material/Block';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './StatusPage.tsx';

export default function UnauthorizedPage() {
  const { t } = useTranslation('common');
  return (
    <StatusPage
      icon={<Block fontSize="inherit" color="error" />}
      title={t('statusPage.deniedTitle')}
      message={t('statusPage.deniedMessage')}
    />
  );
}
