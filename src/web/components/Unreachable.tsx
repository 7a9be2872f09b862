/**
 * "Can't reach AquaDesk": what a page shows while the server does not answer (ADR 018). Inside the
 * layout, so the menu stays; Retry asks at once, and the page comes back by itself when a probe
 * gets an answer (lib/connectivity.ts). In the initial bundle, so it is drawn without MUI's Alert
 * (a warning-coloured box with role=alert) and its texts come through useShellText (ADR 022).
 */
import CloudOff from '@mui/icons-material/CloudOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useShellText } from '#web/i18n/shell-text.ts';
import { retryNow } from '#web/lib/connectivity.ts';

export interface UnreachableNoticeProps {
  /** Also run on Retry (a page whose code failed to load loads it again). */
  onRetry?: () => void;
}

export function UnreachableNotice({ onRetry }: UnreachableNoticeProps) {
  const text = useShellText();
  const [trying, setTrying] = useState(false);
  return (
    <Box
      role="alert"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-start',
        columnGap: 1.5,
        rowGap: 1,
        mb: 2,
        px: 2,
        py: 1.5,
        borderRadius: 1,
        color: 'text.primary',
        bgcolor: (t) => alpha(t.palette.warning.main, 0.1),
        border: 1,
        borderColor: (t) => alpha(t.palette.warning.main, 0.4),
      }}
    >
      <CloudOff sx={{ color: 'warning.main', mt: 0.25 }} />
      <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{text('common:unreachable.title')}</Typography>
        <Typography variant="body2">{text('common:unreachable.message')}</Typography>
      </Box>
      <Button
        color="inherit"
        size="small"
        disabled={trying}
        sx={{ fontWeight: 700, ml: 'auto' }}
        onClick={async () => {
          setTrying(true);
          try {
            await retryNow();
            onRetry?.();
          } finally {
            setTrying(false);
          }
        }}
      >
        {text('common:retry')}
      </Button>
    </Box>
  );
}
