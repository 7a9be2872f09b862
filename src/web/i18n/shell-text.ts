/**
 * Texts of the components in the initial bundle outside the layout (the loading indicator, the
 * error screens, the "Can't reach AquaDesk" notice), by 'ns:key'. Like the layout's useShellT
 * (shell-t.ts) they cannot use react-i18next's hooks, which would bring i18next into the initial
 * JavaScript (ADR 022): both render through the one renderer i18n/index.ts hands to current.ts
 * when it loads. main.tsx paints the first screen only after that, so the texts are always there
 * (were the translations' chunk ever missing, the key would show). A component re-renders in a
 * new language through useLocale.
 *
 *   const text = useShellText();
 *   text('common:loading')
 */
import { currentLocale, renderShellText } from './current.ts';
import { useLocale } from './use-locale.ts';

/** `key` ('ns:key', or a key of 'common') in the app's language now. */
export function shellText(key: string, params?: Record<string, unknown>): string {
  const colon = key.indexOf(':');
  const ns = colon > 0 ? key.slice(0, colon) : 'common';
  return renderShellText(currentLocale(), ns, colon > 0 ? key.slice(colon + 1) : key, params);
}

/** shellText, re-rendering the caller when the language changes. */
export function useShellText(): typeof shellText {
  useLocale();
  return shellText;
}
