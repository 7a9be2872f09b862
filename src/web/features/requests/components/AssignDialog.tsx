/**
 * Assign a technician: the region's active technicians with their open tasks, 'Assign Selected'
 * (needs a choice) or 'Auto Assign' (the server picks the least-loaded one).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { errorMessage } from '#web/lib/api-client.ts';
import { FALLBACK, useCandidates } from '../api/actions.ts';

export interface AssignDialogProps {
  open: boolean;
  requestId: string;
  currentId: string | null;
  pending: boolean;
  onAssign: (technicianId: string | null) => void;
  onClose: () => void;
}

export function AssignDialog({ open, requestId, currentId, pending, onAssign, onClose }: AssignDialogProps) {
  const candidates = useCandidates(requestId, open);
  const [chosen, setChosen] = useState('');
  useEffect(() => {
    if (open) setChosen('');
  }, [open]);
  const list = candidates.data ?? [];
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>Assign Technician</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Choose a technician of this region, or let Auto Assign pick the one with the fewest open tasks.
        </DialogContentText>
        {candidates.error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(candidates.error, FALLBACK.candidates)}
          </Alert>
        ) : null}
        {!candidates.isLoading && !candidates.error && list.length === 0 ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            No active technician is available in this region
          </Alert>
        ) : null}
        <TextField
          select
          fullWidth
          label="Technician"
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
          disabled={candidates.isLoading || list.length === 0}
          helperText={candidates.isLoading ? 'Loading...' : undefined}
        >
          {list.map((t) => (
            <MenuItem key={t.id} value={t.id} disabled={t.id === currentId}>
              {t.name} ({t.openTasks} open {t.openTasks === 1 ? 'task' : 'tasks'})
              {t.id === currentId ? ' · currently assigned' : ''}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button variant="outlined" onClick={() => onAssign(null)} disabled={pending}>
          Auto Assign
        </Button>
        <Button variant="contained" onClick={() => onAssign(chosen)} disabled={pending || !chosen}>
          Assign Selected
        </Button>
      </DialogActions>
    </Dialog>
  );
}
