/**
 * The service worker's registration and its prompts (issue 22, ADR 027). A lazy chunk: main.tsx
 * loads it after the first paint and it registers when the browser is idle, so neither Workbox's
 * window library nor this code is in the initial JavaScript. When a new version has been
 * downloaded, a bar offers Reload (the new worker takes over and the page reloads) or Later; the
 * first install says once that the app now works offline.
 *
 * Plain elements styled like the app's snackbar, not MUI's Snackbar: importing MUI here changed
 * how the bundler split the shared MUI chunks and added 1.8 kB gzip to the initial JavaScript
 * (this way: +0.6 kB, 199.3 -> 199.9 kB of the 200 kB budget).
 */
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FONT_STACK } from '#web/i18n/fonts.ts';

type Update = (reload?: boolean) => Promise<void>;

const whenIdle = (fn: () => void) => {
  if ('requestIdleCallback' in window) window.requestIdleCallback(fn, { timeout: 5000 });
  else setTimeout(fn, 2000);
};

const bar: CSSProperties = {
  position: 'fixed',
  left: 8,
  right: 8,
  // Above the technician's bottom navigation on a phone (ADR 036; 0 elsewhere).
  bottom: 'calc(16px + var(--aquadesk-bottom-nav, 0px))',
  margin: '0 auto',
  maxWidth: 560,
  zIndex: 1400,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: 8,
  padding: '8px 12px',
  borderRadius: 4,
  background: '#323232',
  color: '#fff',
  font: `400 0.875rem/1.43 ${FONT_STACK}`,
  boxShadow: '0 3px 5px -1px rgba(0,0,0,.2), 0 6px 10px rgba(0,0,0,.14)',
};
const button = (primary: boolean): CSSProperties => ({
  minHeight: 44,
  minWidth: 64,
  padding: '6px 12px',
  border: 0,
  borderRadius: 4,
  cursor: 'pointer',
  font: `500 0.875rem ${FONT_STACK}`,
  textTransform: 'uppercase',
  background: primary ? '#90caf9' : 'transparent',
  color: primary ? '#0d2a4a' : '#fff',
});

export default function UpdatePrompt() {
  const { t } = useTranslation('offline');
  const [needRefresh, setNeedRefresh] = useState(false);
  const [offlineReady, setOfflineReady] = useState(false);
  const update = useRef<Update | null>(null);

  useEffect(() => {
    if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
    whenIdle(() => {
      void import('virtual:pwa-register').then(({ registerSW }) => {
        update.current = registerSW({
          onNeedRefresh: () => setNeedRefresh(true),
          onOfflineReady: () => setOfflineReady(true),
        });
      });
    });
  }, []);

  useEffect(() => {
    if (!offlineReady) return;
    const timer = setTimeout(() => setOfflineReady(false), 5000);
    return () => clearTimeout(timer);
  }, [offlineReady]);

  if (needRefresh) {
    return (
      <div role="alert" style={bar} data-testid="update-prompt">
        <span style={{ flex: '1 1 180px' }}>{t('update.available')}</span>
        <button type="button" style={button(false)} onClick={() => setNeedRefresh(false)}>
          {t('update.later')}
        </button>
        <button type="button" style={button(true)} onClick={() => void update.current?.(true)}>
          {t('update.reload')}
        </button>
      </div>
    );
  }
  if (offlineReady) {
    return (
      <div role="status" style={bar}>
        {t('update.offlineReady')}
      </div>
    );
  }
  return null;
}
