/** The create and edit dialog of Region Management: a Region Name field; Save is disabled while it is blank. */
import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { regionBody } from '#shared/contracts/regions.ts';
import { EntityDialog } from '#web/components/list-page/EntityDialog.tsx';
import { useServerText } from '#web/i18n/hooks.ts';

export type RegionFormValues = z.output<typeof regionBody>;

export interface RegionDialogProps {
  /** The region being edited, or null to create one. */
  region: { id: string; name: string } | null;
  pending: boolean;
  /** Save; `onError` puts a failure's field errors on the form. */
  onSave: (values: RegionFormValues, onError: (error: Error) => void) => void;
  onClose: () => void;
}

/** Mount it only while open (the form starts from `region` each time). */
export function RegionDialog({ region, pending, onSave, onClose }: RegionDialogProps) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const serverText = useServerText();
  const form = useForm<z.input<typeof regionBody>, unknown, RegionFormValues>({
    resolver: zodResolver(regionBody),
    defaultValues: { name: region?.name ?? '' },
  });
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const blank = !(watch('name') ?? '').trim();

  return (
    <EntityDialog
      titleId="region-dialog-title"
      title={region ? t('regions.editTitle') : t('regions.createTitle')}
      form={form}
      onSave={onSave}
      onClose={onClose}
      pending={pending}
      submitLabel={region ? tc('update') : tc('create')}
      canSubmit={!blank}
    >
      <TextField
        label={t('regions.name')}
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
