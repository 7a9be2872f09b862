/**
 * The toast on screen (spec section 8): a Snackbar with a filled Alert, bottom right, hidden after
 * TOAST_MS. Its own chunk, loaded when the app is idle after the first paint or at the first
 * toast (toast.tsx keeps the queue), so the Snackbar stays out of the initial JavaScript.
 *
 * A toast is drawn in the font of the script it is written in (ADR 022): a message written in
 * Hindi just before the switch back to English keeps Noto Sans Devanagari while it shows, instead
 * of falling to a font without those letters (boxes, "tofu").
 */
import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { TOAST_MS } from '#shared/domain/constants.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import { fontStack } from '#web/i18n/fonts.ts';

/** The language whose font draws each 128-code-point block from U+0900 (Devanagari) to Malayalam. */
const BLOCKS: (Locale | null)[] = ['hi', null, null, null, null, 'ta', 'te', 'kn', 'ml'];

/** The font stack for a message in an Indian script (its Noto face first), else undefined (the theme's). */
export function toastFont(message: string): string | undefined {
  const letter = /[\u0900-\u0D7F]/.exec(message)?.[0];
  const locale = letter ? BLOCKS[(letter.charCodeAt(0) - 0x900) >> 7] : null;
  return locale ? fontStack(locale) : undefined;
}

export interface ToastViewProps {
  toast: { id: number; message: string; severity: AlertColor } | undefined;
  open: boolean;
  onClose: (event?: unknown, reason?: string) => void;
  onExited: () => void;
}

export default function ToastView({ toast, open, onClose, onExited }: ToastViewProps) {
  return (
    <Snackbar
      key={toast?.id}
      open={!!toast && open}
      autoHideDuration={TOAST_MS}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      slotProps={{ transition: { onExited } }}
    >
      {toast ? (
        <Alert
          onClose={onClose}
          severity={toast.severity}
          variant="filled"
          sx={{ width: '100%', fontFamily: toastFont(toast.message) }}
        >
          {toast.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
