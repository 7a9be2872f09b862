/**
 * Touch sizing (ADR 020): on a phone-width screen or a coarse pointer, every button, icon button,
 * link-button and list item is at least 44 × 44 px (WCAG 2.5.5, the technician's gloved thumb).
 * Merged into the theme by `createTheme(base, touchTheme)` (theme.ts); the palette is not here.
 * e2e/technician-phone.spec.ts measures the technician's controls at 360 px.
 */
import type { ThemeOptions } from '@mui/material/styles';

/** The smallest tap target, in CSS pixels. */
export const TAP_TARGET = 44;

/**
 * The technician's bottom navigation bar below md (layout/BottomNav.tsx, ADR 036): its height
 * without the safe-area inset. An icon and a label of up to two lines fit in it.
 */
export const BOTTOM_NAV_HEIGHT = 72;

/**
 * Set on <html> by the bottom bar while it shows (its height plus the safe-area inset): whatever
 * sits at the bottom of the screen (a snackbar) stands that much higher, never over the bar.
 */
export const BOTTOM_NAV_VAR = '--aquadesk-bottom-nav';

/** Phones (below MUI's sm breakpoint) and any coarse pointer. */
export const TOUCH_MEDIA = '@media (max-width: 599.95px), (pointer: coarse)';

const minTarget = { minHeight: TAP_TARGET, minWidth: TAP_TARGET };

export const touchTheme: ThemeOptions = {
  components: {
    MuiButton: { styleOverrides: { root: { [TOUCH_MEDIA]: minTarget } } },
    MuiIconButton: { styleOverrides: { root: { [TOUCH_MEDIA]: minTarget } } },
    MuiToggleButton: { styleOverrides: { root: { [TOUCH_MEDIA]: minTarget } } },
    MuiListItemButton: { styleOverrides: { root: { [TOUCH_MEDIA]: { minHeight: TAP_TARGET } } } },
    MuiMenuItem: { styleOverrides: { root: { [TOUCH_MEDIA]: { minHeight: TAP_TARGET } } } },
    MuiAccordionSummary: { styleOverrides: { root: { [TOUCH_MEDIA]: { minHeight: TAP_TARGET } } } },
    MuiTab: { styleOverrides: { root: { [TOUCH_MEDIA]: { minHeight: TAP_TARGET } } } },
    MuiSnackbar: {
      styleOverrides: {
        // A snackbar at the bottom of a phone stands above the bottom navigation bar when it shows.
        root: { '@media (max-width: 899.95px)': { bottom: `calc(var(${BOTTOM_NAV_VAR}, 0px) + 16px)` } },
      },
    },
  },
};
