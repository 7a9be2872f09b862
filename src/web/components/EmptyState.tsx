/**
 * What a list shows when it has nothing: <EmptyState message="No users found" />.
 * Props: message (the spec's text), optional icon, optional action (e.g. a button).
 */
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  message: string;
  icon?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ message, icon, action }: EmptyStateProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1.5,
        py: 6,
        px: 2,
        color: 'text.secondary',
        textAlign: 'center',
      }}
    >
      <Box sx={{ fontSize: 48, display: 'flex', opacity: 0.6 }} aria-hidden>
        {icon ?? <InboxOutlined fontSize="inherit" />}
      </Box>
      <Typography variant="body1">{message}</Typography>
      {action}
    </Box>
  );
}
