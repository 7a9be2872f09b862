/**
 * Toasts (spec section 8: errors red, successes green; auto-hide after 6000 ms).
 *
 *   const toast = useToast();
 *   toast.success('User created successfully!');
 *   toast.error(errorMessage(err, 'Failed to create user'));
 *   toast.info('Request rejected');
 *
 * One toast shows at a time; a newer one replaces it after its exit transition. `<ToastProvider>` is mounted in app/providers.tsx.
 *
 * A toast is drawn in the font of the script it is written in (ADR 022): a message written in
 * Hindi just before the switch back to English ("भाषा सहेजी गई") keeps Noto Sans Devanagari
 * while it shows, instead of falling to a font without those letters (boxes, "tofu").
 */
import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { TOAST_MS } from '#shared/domain/constants.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import { fontStack } from '#web/i18n/fonts.ts';

export interface ToastApi {
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
  warning: (message: string) => void;
}

interface Toast {
  id: number;
  message: string;
  severity: AlertColor;
}

const ToastContext = createContext<ToastApi | null>(null);

/** The Unicode blocks of the five Indian scripts, and the language whose font draws each. */
const SCRIPTS: [RegExp, Locale][] = [
  [/[\u0900-\u097F]/, 'hi'],
  [/[\u0B80-\u0BFF]/, 'ta'],
  [/[\u0C00-\u0C7F]/, 'te'],
  [/[\u0C80-\u0CFF]/, 'kn'],
  [/[\u0D00-\u0D7F]/, 'ml'],
];

/** The font stack for a message in an Indian script (its Noto face first), else undefined (the theme's). */
export function toastFont(message: string): string | undefined {
  const found = SCRIPTS.find(([re]) => re.test(message));
  return found ? fontStack(found[1]) : undefined;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Toast[]>([]);
  const [open, setOpen] = useState(true);
  const nextId = useRef(1);
  const pending = useRef(0);
  const current = queue[0];

  const push = useCallback((severity: AlertColor, message: string) => {
    const id = nextId.current++;
    // A newer toast closes the one on screen; it shows once the old one has left.
    if (pending.current > 0) setOpen(false);
    pending.current += 1;
    setQueue((q) => [...q, { id, message, severity }]);
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      success: (m) => push('success', m),
      error: (m) => push('error', m),
      info: (m) => push('info', m),
      warning: (m) => push('warning', m),
    }),
    [push],
  );

  const close = (_e?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  return (
    <ToastContext.Provider value={api}>
      {children}
      <Snackbar
        key={current?.id}
        open={!!current && open}
        autoHideDuration={TOAST_MS}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        slotProps={{
          transition: {
            onExited: () => {
              pending.current = Math.max(0, pending.current - 1);
              setQueue((q) => q.slice(1));
              setOpen(true);
            },
          },
        }}
      >
        {current ? (
          <Alert
            onClose={close}
            severity={current.severity}
            variant="filled"
            sx={{ width: '100%', fontFamily: toastFont(current.message) }}
          >
            {current.message}
          </Alert>
        ) : undefined}
      </Snackbar>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used inside <ToastProvider>');
  return ctx;
}
