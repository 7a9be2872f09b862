/**
 * The frame of a list's create/edit dialog: title, the form's fields (children), Cancel and the
 * submit button. The feature keeps its form (`useForm` with its zod resolver and defaults) and
 * its fields; the frame submits through react-hook-form, holds the dialog while `pending`
 * (no dismissing, both buttons disabled), and puts a failed save's field errors (the server's
 * `errors[]`) on the form's fields.
 *
 *   const form = useForm<RegionInput, unknown, RegionBody>({ resolver: zodResolver(regionBody), ... });
 *   <EntityDialog titleId="region-dialog-title" title="Create Region" form={form}
 *     submitLabel="Create" canSubmit={!blank} pending={pending} onClose={onClose}
 *     onSave={(values, onError) => create.mutate(values, { onError })}>
 *     <TextField label="Region Name" {...form.register('name')} />
 *   </EntityDialog>
 *
 * Mount it only while open: the form starts from its defaults each time.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '#web/lib/forms.ts';

export interface EntityDialogProps<TInput extends FieldValues, TOutput> {
  /** The title's id: the dialog's accessible name. */
  titleId: string;
  title: string;
  form: UseFormReturn<TInput, unknown, TOutput>;
  /** Save the parsed values; call `onError` with a failure to show its field errors. */
  onSave: (values: TOutput, onError: (error: Error) => void) => void;
  onClose: () => void;
  /** A save is running. */
  pending: boolean;
  submitLabel: string;
  /** False keeps the submit button disabled (a required field still blank). */
  canSubmit: boolean;
  /** A long form: wider, full screen on a phone, dividers around the fields. */
  long?: boolean;
  children: ReactNode;
}

export function EntityDialog<TInput extends FieldValues, TOutput>(props: EntityDialogProps<TInput, TOutput>) {
  // The media query only where it is used: a short dialog renders as it always did.
  return props.long ? <LongEntityDialog {...props} /> : <EntityDialogFrame {...props} fullScreen={false} />;
}

function LongEntityDialog<TInput extends FieldValues, TOutput>(props: EntityDialogProps<TInput, TOutput>) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  return <EntityDialogFrame {...props} fullScreen={narrow} />;
}

function EntityDialogFrame<TInput extends FieldValues, TOutput>({
  titleId,
  title,
  form,
  onSave,
  onClose,
  pending,
  submitLabel,
  canSubmit,
  long = false,
  fullScreen,
  children,
}: EntityDialogProps<TInput, TOutput> & { fullScreen: boolean }) {
  const { t } = useTranslation('common');
  const { handleSubmit, setError } = form;
  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      fullWidth
      maxWidth={long ? 'sm' : 'xs'}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      <form
        noValidate
        onSubmit={handleSubmit((values) => onSave(values, (error) => applyFieldErrors(error, setError)))}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent dividers={long}>{children}</DialogContent>
        <DialogActions sx={long ? { px: 3, py: 2 } : undefined}>
          <Button onClick={onClose} disabled={pending}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!canSubmit || pending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
