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
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#web/lib/api-client.ts';
import { useCandidates } from '../api/actions.ts';

export interface AssignDialogProps {
  open: boolean;
  requestId: string;
  currentId: string | null;
  pending: boolean;
  onAssign: (technicianId: string | null) => void;
  onClose: () => void;
}

export function AssignDialog({ open, requestId, currentId, pending, onAssign, onClose }: AssignDialogProps) {
  const { t } = useTranslation('requests');
  const { t: tc } = useTranslation('common');
  const candidates = useCandidates(requestId, open);
  const [chosen, setChosen] = useState('');
  useEffect(() => {
    if (open) setChosen('');
  }, [open]);
  const list = candidates.data ?? [];
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('action.assign')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('assign.help')}</DialogContentText>
        {candidates.error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(candidates.error, tc('loadFailed'))}
          </Alert>
        ) : null}
        {!candidates.isLoading && !candidates.error && list.length === 0 ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('assign.none')}
          </Alert>
        ) : null}
        <TextField
          select
          fullWidth
          label={t('field.technician')}
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
          disabled={candidates.isLoading || list.length === 0}
          helperText={candidates.isLoading ? tc('loading') : undefined}
        >
          {list.map((c) => (
            <MenuItem key={c.id} value={c.id} disabled={c.id === currentId}>
              {t(c.id === currentId ? 'assign.current' : 'assign.candidate', { name: c.name, count: c.openTasks })}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={pending}>
          {tc('cancel')}
        </Button>
        <Button variant="outlined" onClick={() => onAssign(null)} disabled={pending}>
          {t('assign.auto')}
        </Button>
        <Button variant="contained" onClick={() => onAssign(chosen)} disabled={pending || !chosen}>
          {t('assign.selected')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
