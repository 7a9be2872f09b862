/** The frame shared by Access Denied and the 404 page: an icon, a title, a line, two buttons. */
import ArrowBack from '@mui/icons-material/ArrowBack';
import DashboardIcon from '@mui/icons-material/Dashboard';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '#web/lib/document-title.ts';

export interface StatusPageProps {
  icon: ReactNode;
  title: string;
  message: string;
}

export function StatusPage({ icon, title, message }: StatusPageProps) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  useDocumentTitle(title);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '60vh', p: 2 }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 520, width: '100%', textAlign: 'center' }}>
        <Box sx={{ fontSize: 64, color: 'text.secondary', display: 'flex', justifyContent: 'center', mb: 1 }}>
          {icon}
        </Box>
        <Typography
          variant="h4"
          component="h1"
          tabIndex={-1}
          gutterBottom
          sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}
        >
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {message}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
          <Button variant="contained" startIcon={<DashboardIcon />} onClick={() => navigate('/dashboard')}>
            {t('statusPage.goToDashboard')}
          </Button>
          <Button variant="outlined" startIcon={<ArrowBack />} onClick={() => navigate(-1)}>
            {t('statusPage.goBack')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
