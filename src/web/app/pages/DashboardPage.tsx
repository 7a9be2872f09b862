/** /dashboard: 'Welcome back, <name>!' and the dashboard cards (the workflow feature's). */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import DashboardCards from '#web/features/dashboard/DashboardCards.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { useDocumentTitle } from '#web/lib/document-title.ts';

/** Issue 21: its own lazy chunk (the initial bundle is at its budget). */
const MaintenanceCards = lazy(() => import('#web/features/maintenance/MaintenanceCards.tsx'));

export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { user } = useAuth();
  useDocumentTitle(t('title'));
  return (
    <Box>
      <Typography
        variant="h4"
        component="h1"
        tabIndex={-1}
        sx={{ mb: 3, fontSize: { xs: '1.5rem', sm: '2rem' }, fontWeight: 600 }}
      >
        {t('welcome', { name: user?.name ?? '' })}
      </Typography>
      <DashboardCards />
      <Suspense fallback={null}>
        <MaintenanceCards />
      </Suspense>
    </Box>
  );
}
