/**
 * The entry of public-unit.html, the page a unit's QR sticker opens (/s/<code>; the server answers
 * every /s/* with it). Its own small bundle: no MUI, router, query cache or i18next, no service
 * worker, no manifest (vite.config.ts; 70 kB gzip at most, scripts/check-bundle.ts).
 */
import { pickLocale, storedLocale } from './i18n.ts';
import { codeFromPath, QrPage } from './page.ts';

const page = new QrPage(
  document,
  codeFromPath(window.location.pathname),
  pickLocale(storedLocale(), window.navigator.languages),
);
void page.start();
