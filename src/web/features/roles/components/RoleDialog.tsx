/** The one create/edit dialog of Role Management: a Role Name field; Save is disabled while it is blank. */
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { roleName } from '#shared/contracts/roles.ts';
import { useServerText } from '#web/i18n/hooks.ts';

const roleForm = z.object({ name: roleName });
export type RoleFormValues = z.output<typeof roleForm>;

export interface RoleDialogProps {
  /** The role being edited, or null to create one. */
  role: { id: string; name: string } | null;
  pending: boolean;
  onSubmit: (values: RoleFormValues, setError: UseFormSetError<RoleFormValues>) => void;
  onClose: () => void;
}

/** Mount it only while open (the form starts from `role` each time). */
export function RoleDialog({ role, pending, onSubmit, onClose }: RoleDialogProps) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const serverText = useServerText();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof roleForm>, unknown, RoleFormValues>({
    resolver: zodResolver(roleForm),
    defaultValues: { name: role?.name ?? '' },
  });
  const blank = !(watch('name') ?? '').trim();
  const title = role ? t('roles.editTitle') : t('roles.createTitle');

  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="role-dialog-title">
      <form noValidate onSubmit={handleSubmit((values) => onSubmit(values, setError))}>
        <DialogTitle id="role-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <TextField
            label={t('roles.name')}
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
            {role ? tc('update') : tc('create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
