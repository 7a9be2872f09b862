/**
 * A loading indicator (spec: defaults to 'Loading...', in the app's language).
 * In the initial bundle: its text comes through useShellText (ADR 022).
 *   <Loading />                                        inline, centred in its container
 *   <Loading message="Checking authentication..." fullScreen />
 */
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useShellText } from '#web/i18n/shell-text.ts';

export interface LoadingProps {
  message?: string;
  fullScreen?: boolean;
}

export function Loading({ message, fullScreen = false }: LoadingProps) {
  const text = useShellText();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        py: fullScreen ? 0 : 6,
        minHeight: fullScreen ? '100vh' : 200,
        width: '100%',
      }}
    >
      {/* The words beside it say what is happening: the spinner is decoration (axe: a progressbar needs a name). */}
      <CircularProgress aria-hidden />
      <Typography color="text.secondary">{message ?? text('common:loading')}</Typography>
    </Box>
  );
}

export default Loading;
