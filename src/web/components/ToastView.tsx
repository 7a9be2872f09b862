/**
 * The toast on screen (spec section 8): a Snackbar with a filled Alert, bottom right, hidden after
 * TOAST_MS. Its own chunk, loaded when the app is idle after the first paint or at the first
 * toast (toast.tsx keeps the queue), so the Snackbar stays out of the initial JavaScript.
 *
 * A toast is drawn in the font of the script it is written in (ADR 022): a message written in
 * Hindi just before the switch back to English keeps Noto Sans Devanagari while it shows, instead
 * of falling to a font without those letters (boxes, "tofu").
 *
 * A toast never covers a dialog's actions (issue 33: "Saved on this phone" sat on the Complete
 * Work dialog's confirm button, and each tap on it paused its timer): while a dialog is open it
 * goes to the top of the screen, where dialogs have their title and never their buttons. On a
 * phone (below md) it is always at the top, goes by
 * itself after TOAST_PHONE_MS, and lets taps through to what is under it: only its close button
 * takes them, so a tap meant for the page neither lands on the toast nor holds it on screen.
 */
import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar, { type SnackbarOrigin } from '@mui/material/Snackbar';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { TOAST_MS } from '#shared/domain/constants.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import { fontStack } from '#web/i18n/fonts.ts';

/** How long a toast stays on a phone: a few seconds, then it goes by itself. */
export const TOAST_PHONE_MS = 4000;

/** The language whose font draws each 128-code-point block from U+0900 (Devanagari) to Malayalam. */
const BLOCKS: (Locale | null)[] = ['hi', null, null, null, null, 'ta', 'te', 'kn', 'ml'];

/** The font stack for a message in an Indian script (its Noto face first), else undefined (the theme's). */
export function toastFont(message: string): string | undefined {
  const letter = /[\u0900-\u0D7F]/.exec(message)?.[0];
  const locale = letter ? BLOCKS[(letter.charCodeAt(0) - 0x900) >> 7] : null;
  return locale ? fontStack(locale) : undefined;
}

/** Where a toast goes: at the top on a phone or over an open dialog, else bottom right (the spec's). */
export function toastPlacement(phone: boolean, dialogOpen: boolean): SnackbarOrigin {
  return phone || dialogOpen ? { vertical: 'top', horizontal: 'center' } : { vertical: 'bottom', horizontal: 'right' };
}

/** A dialog on screen now? MUI draws each into <body> (a portal), so the body's children tell. */
const dialogOnScreen = () => document.querySelector('.MuiDialog-root') !== null;

/** Whether a dialog is open, followed while `watch` (a toast is showing). */
export function useDialogOpen(watch: boolean): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!watch) return;
    setOpen(dialogOnScreen());
    const observer = new MutationObserver(() => setOpen(dialogOnScreen()));
    observer.observe(document.body, { childList: true });
    return () => observer.disconnect();
  }, [watch]);
  return watch && open;
}

export interface ToastViewProps {
  toast: { id: number; message: string; severity: AlertColor } | undefined;
  open: boolean;
  onClose: (event?: unknown, reason?: string) => void;
  onExited: () => void;
}

export default function ToastView({ toast, open, onClose, onExited }: ToastViewProps) {
  const theme = useTheme();
  const phoneQuery = theme.breakpoints.down('md');
  const phone = useMediaQuery(phoneQuery, { noSsr: true });
  const dialogOpen = useDialogOpen(!!toast);
  const placement = toastPlacement(phone, dialogOpen);
  return (
    <Snackbar
      key={toast?.id}
      open={!!toast && open}
      autoHideDuration={phone ? TOAST_PHONE_MS : TOAST_MS}
      onClose={onClose}
      anchorOrigin={placement}
      slotProps={{ transition: { onExited } }}
      sx={{
        // The theme keeps a bottom toast above the technician's bottom navigation below md (app/touch.ts);
        // a top one has no bottom.
        ...(placement.vertical === 'top' ? { [phoneQuery]: { bottom: 'auto' } } : {}),
        ...(phone ? { pointerEvents: 'none' } : {}),
      }}
    >
      {toast ? (
        <Alert
          onClose={onClose}
          severity={toast.severity}
          variant="filled"
          sx={{
            width: '100%',
            fontFamily: toastFont(toast.message),
            ...(phone ? { pointerEvents: 'none', '& .MuiAlert-action': { pointerEvents: 'auto' } } : {}),
          }}
        >
          {toast.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
