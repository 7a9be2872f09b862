/** The details page's building blocks: a titled card (Section), a labelled value (Fact), the customer's saved location. */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { RequestDetails } from '#shared/contracts/service-requests.ts';
import type { CapturedLocation } from '#web/components/LocationCapture.tsx';

export function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} component="section" aria-label={title}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ fontSize: 17, fontWeight: 600 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ py: 0.75 }}>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ textTransform: 'uppercase' }}>
        {label}
      </Typography>
      <Box sx={{ fontSize: 15, wordBreak: 'break-word' }}>{children}</Box>
    </Box>
  );
}

/** The customer's saved coordinates, or null while none are saved. */
export function customerLocationOf(r: RequestDetails): CapturedLocation | null {
  return r.customer.latitude != null && r.customer.longitude != null
    ? { latitude: r.customer.latitude, longitude: r.customer.longitude, accuracy: null }
    : null;
}
