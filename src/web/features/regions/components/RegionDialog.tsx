/** The create and edit dialog of Region Management: a Region Name field; Save is disabled while it is blank. */
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { regionBody } from '#shared/contracts/regions.ts';
import { useServerText } from '#web/i18n/hooks.ts';

export type RegionFormValues = z.output<typeof regionBody>;

export interface RegionDialogProps {
  /** The region being edited, or null to create one. */
  region: { id: string; name: string } | null;
  pending: boolean;
  onSubmit: (values: RegionFormValues, setError: UseFormSetError<RegionFormValues>) => void;
  onClose: () => void;
}

/** Mount it only while open (the form starts from `region` each time). */
export function RegionDialog({ region, pending, onSubmit, onClose }: RegionDialogProps) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const serverText = useServerText();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof regionBody>, unknown, RegionFormValues>({
    resolver: zodResolver(regionBody),
    defaultValues: { name: region?.name ?? '' },
  });
  const blank = !(watch('name') ?? '').trim();

  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="region-dialog-title">
      <form noValidate onSubmit={handleSubmit((values) => onSubmit(values, setError))}>
        <DialogTitle id="region-dialog-title">{region ? t('regions.editTitle') : t('regions.createTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            label={t('regions.name')}
            autoFocus
            fullWidth
            margin="dense"
            error={!!errors.name}
            helperText={serverText(errors.name?.message)}
            {...register('name')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {tc('cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={blank || pending}>
            {region ? tc('update') : tc('create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
