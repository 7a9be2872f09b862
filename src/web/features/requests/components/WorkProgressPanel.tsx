/**
 * The assigned technician's "Work Progress" panel on the details page: the timer, Start Work and
 * Complete Work (with its notes dialog), work photos and the customer's location. Each control is
 * enabled only when the shared workflow table allows it (`allowed`, from `allowedActions`).
 */
import PlayArrow from '@mui/icons-material/PlayArrow';
import Stop from '@mui/icons-material/Stop';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { RequestDetails } from '#shared/contracts/service-requests.ts';
import type { WorkflowAction } from '#shared/domain/workflow.ts';
import { LocationCapture } from '#web/components/LocationCapture.tsx';
import { useCompleteWork, useSaveLocation, useStartWork } from '../api/actions.ts';
import { customerLocationOf, Section } from './DetailsSection.tsx';
import { PhotoUploader } from './PhotoUploader.tsx';
import { TextDialog } from './TextDialog.tsx';
import { openLogOf, WorkTimer } from './WorkTimer.tsx';

function progressText(r: RequestDetails): string {
  if (openLogOf(r.workLogs)) return 'Work in progress';
  if (r.status === 'COMPLETED') return 'Work completed';
  return r.status === 'ASSIGNED' ? 'Not started' : 'Work stopped';
}

export function WorkProgressPanel({
  request: r,
  allowed,
}: {
  request: RequestDetails;
  allowed: readonly WorkflowAction[];
}) {
  const [completing, setCompleting] = useState(false);
  const close = () => setCompleting(false);
  const start = useStartWork(r.id);
  const complete = useCompleteWork(r.id, close);
  const saveLocation = useSaveLocation(r.id);

  return (
    <Section title="Work Progress">
      <Stack spacing={2}>
        <Box sx={{ textAlign: 'center' }}>
          <WorkTimer logs={r.workLogs} />
          <Typography variant="body2" color="text.secondary">
            {progressText(r)}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'center' }}>
          {r.status === 'ASSIGNED' ? (
            <Button
              variant="contained"
              size="large"
              startIcon={<PlayArrow />}
              onClick={() => start.mutate()}
              disabled={!allowed.includes('start') || start.isPending}
            >
              Start Work
            </Button>
          ) : null}
          {r.status === 'IN_PROGRESS' ? (
            <Button
              variant="contained"
              color="error"
              size="large"
              startIcon={<Stop />}
              onClick={() => setCompleting(true)}
              disabled={!allowed.includes('complete')}
            >
              Complete Work
            </Button>
          ) : null}
        </Stack>
        <Divider />
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            Work Photos
          </Typography>
          <PhotoUploader requestId={r.id} disabled={!allowed.includes('uploadMedia')} />
        </Box>
        <Divider />
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            Customer Location
          </Typography>
          <LocationCapture
            value={customerLocationOf(r)}
            disabled={!allowed.includes('captureLocation')}
            saving={saveLocation.isPending}
            onChange={(loc) => {
              if (loc) saveLocation.mutate({ customerId: r.customerId, location: loc });
            }}
          />
        </Box>
        {r.status === 'COMPLETED' ? (
          <Alert severity="success">This request is completed; its work can no longer be changed.</Alert>
        ) : null}
      </Stack>
      <TextDialog
        open={completing}
        title="Complete Work"
        message="Stop the work timer and mark the work as completed."
        label="Notes (optional)"
        confirmLabel="Complete Work"
        pending={complete.isPending}
        onConfirm={(notes) => complete.mutate(notes)}
        onClose={close}
      />
    </Section>
  );
}
