/**
 * Toasts (spec section 8: errors red, successes green; auto-hide after 6000 ms).
 *
 *   const toast = useToast();
 *   toast.success('User created successfully!');
 *   toast.error(errorMessage(err, 'Failed to create user'));
 *   toast.info('Request rejected');
 *
 * One toast shows at a time; a newer one replaces it after its exit transition. `<ToastProvider>` is mounted in app/providers.tsx.
 * The queue lives here; the Snackbar that shows it (ToastView.tsx, with the script-font rule of
 * ADR 022) is a lazy chunk fetched once the app is idle, so it is in before anyone can act.
 */
import type { AlertColor } from '@mui/material/Alert';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

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

type ToastViewModule = typeof import('./ToastView.tsx');
/** The view once fetched: rendered at once from then on, as if it were in this chunk. */
let loadedView: ToastViewModule['default'] | null = null;
const loadView = () =>
  import('./ToastView.tsx').then((m: ToastViewModule) => {
    loadedView = m.default;
    return m;
  });
/** Before it is fetched (a toast in the first second): the same view through Suspense. */
const LazyToastView = lazy(loadView);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Toast[]>([]);
  const [open, setOpen] = useState(true);
  const nextId = useRef(1);
  const pending = useRef(0);
  const current = queue[0];

  // Fetch the view after the first paint, while nobody has acted yet (a toast answers an action).
  useEffect(() => {
    const timer = setTimeout(() => void loadView().catch(() => undefined), 1000);
    return () => clearTimeout(timer);
  }, []);

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
  const exited = () => {
    pending.current = Math.max(0, pending.current - 1);
    setQueue((q) => q.slice(1));
    setOpen(true);
  };

  // One toast keeps the view it was first drawn with: switching from the Suspense branch to the
  // loaded one while it closes would remount it closed, its exit would never end, and every later
  // toast would wait behind it (a toast in the first second, then another: seen on a 3G phone).
  const drawnWith = useRef<{ id: number; view: ToastViewModule['default'] | null }>({ id: 0, view: null });
  if (current && drawnWith.current.id !== current.id) drawnWith.current = { id: current.id, view: loadedView };
  const LoadedView = drawnWith.current.view;
  return (
    <ToastContext.Provider value={api}>
      {children}
      {current ? (
        LoadedView ? (
          <LoadedView toast={current} open={open} onClose={close} onExited={exited} />
        ) : (
          <Suspense fallback={null}>
            <LazyToastView toast={current} open={open} onClose={close} onExited={exited} />
          </Suspense>
        )
      ) : null}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used inside <ToastProvider>');
  return ctx;
}
