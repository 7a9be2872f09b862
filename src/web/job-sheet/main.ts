/**
 * The entry of job-sheet.html, the page a job sheet's link opens (/j/<token>; the server answers
 * every /j/* with it). Its own small bundle like the QR page's: no MUI, router, query cache or
 * i18next, no service worker, no manifest (vite.config.ts; 70 kB gzip at most,
 * scripts/check-bundle.ts).
 */
import { storedLocale } from './i18n.ts';
import { JobSheetPage, tokenFromPath } from './page.ts';

const page = new JobSheetPage(
  document,
  tokenFromPath(window.location.pathname),
  storedLocale(),
  window.navigator.languages,
);
void page.start();
