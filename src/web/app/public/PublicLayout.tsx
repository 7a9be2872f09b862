/**
 * The layout of the pages that need no account (PUBLIC_ROUTES): the product's mark and name, the
 * language picker (this device's choice, ADR 022) and the page. No menu, no account, no session.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Outlet } from 'react-router';
import { LanguagePicker } from '#web/components/LanguagePicker.tsx';
import { useLocale } from '#web/i18n/hooks.ts';
import { setLanguage } from '#web/i18n/index.ts';
import { PRODUCT_NAME } from '#web/lib/document-title.ts';
import { Logo } from '../layout/Logo.tsx';

export default function PublicLayout() {
  const locale = useLocale();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: { xs: 2, sm: 3 },
          py: 1.5,
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Logo size={32} />
        <Typography component="p" variant="h6" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {PRODUCT_NAME}
        </Typography>
        <LanguagePicker value={locale} onChange={(l) => void setLanguage(l)} />
      </Box>
      <Box
        component="main"
        id="main-content"
        sx={{ flexGrow: 1, display: 'flex', justifyContent: 'center', alignItems: 'flex-start', p: { xs: 2, sm: 4 } }}
      >
        <Outlet />
      </Box>
    </Box>
  );
}
