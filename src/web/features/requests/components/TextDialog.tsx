/**
 * A dialog with one text field: optional comments (approve, acknowledge, complete work) or a
 * required reason (reject: a non-blank reason, else the confirm button stays disabled).
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface TextDialogProps {
  open: boolean;
  title: string;
  message?: string;
  label: string;
  confirmLabel: string;
  /** A non-blank text is needed (reject). */
  required?: boolean;
  requiredMessage?: string;
  color?: 'primary' | 'error' | 'success';
  pending: boolean;
  onConfirm: (text: string) => void;
  onClose: () => void;
  /** More fields under the text (Complete Work: the unit's parts, issue 21). */
  children?: ReactNode;
  /** The children's fields are not ready yet (Complete Work: the proof the business asks for). */
  confirmDisabled?: boolean;
  /** The whole screen on a phone (Complete Work: room for the customer's signature). */
  fullScreenOnPhone?: boolean;
}

export function TextDialog({
  open,
  title,
  message,
  label,
  confirmLabel,
  required = false,
  requiredMessage,
  color = 'primary',
  pending,
  onConfirm,
  onClose,
  children,
  confirmDisabled = false,
  fullScreenOnPhone = false,
}: TextDialogProps) {
  const { t } = useTranslation('common');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (open) {
      setText('');
      setTouched(false);
    }
  }, [open]);
  const blank = text.trim() === '';
  const showError = required && touched && blank;
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreenOnPhone && phone}
    >
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {message ? <DialogContentText sx={{ mb: 2 }}>{message}</DialogContentText> : null}
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={3}
          label={label}
          required={required}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => setTouched(true)}
          error={showError}
          helperText={showError ? (requiredMessage ?? t('fieldRequired')) : undefined}
          sx={{ mt: message ? 0 : 1 }}
        />
        {children}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending}>
          {t('cancel')}
        </Button>
        <Button
          variant="contained"
          color={color}
          disabled={pending || (required && blank) || confirmDisabled}
          onClick={() => onConfirm(text.trim())}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
