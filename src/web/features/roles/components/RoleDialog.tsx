/** The one create/edit dialog of Role Management: a Role Name field; Save is disabled while it is blank. */
import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { roleName } from '#shared/contracts/roles.ts';
import { EntityDialog } from '#web/components/list-page/EntityDialog.tsx';
import { useServerText } from '#web/i18n/hooks.ts';

const roleForm = z.object({ name: roleName });
export type RoleFormValues = z.output<typeof roleForm>;

export interface RoleDialogProps {
  /** The role being edited, or null to create one. */
  role: { id: string; name: string } | null;
  pending: boolean;
  /** Save; `onError` puts a failure's field errors on the form. */
  onSave: (values: RoleFormValues, onError: (error: Error) => void) => void;
  onClose: () => void;
}

/** Mount it only while open (the form starts from `role` each time). */
export function RoleDialog({ role, pending, onSave, onClose }: RoleDialogProps) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const serverText = useServerText();
  const form = useForm<z.input<typeof roleForm>, unknown, RoleFormValues>({
    resolver: zodResolver(roleForm),
    defaultValues: { name: role?.name ?? '' },
  });
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const blank = !(watch('name') ?? '').trim();

  return (
    <EntityDialog
      titleId="role-dialog-title"
      title={role ? t('roles.editTitle') : t('roles.createTitle')}
      form={form}
      onSave={onSave}
      onClose={onClose}
      pending={pending}
      submitLabel={role ? tc('update') : tc('create')}
      canSubmit={!blank}
    >
      <TextField
        label={t('roles.name')}
        autoFocus
        fullWidth
        margin="dense"
        error={!!errors.name}
        helperText={serverText(errors.name?.message)}
        {...register('name')}
      />
    </EntityDialog>
  );
}
