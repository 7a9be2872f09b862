/**
 * Touch sizing (ADR 020): on a phone-width screen or a coarse pointer, every button, icon button,
 * link-button and list item is at least 44 × 44 px (WCAG 2.5.5, the technician's gloved thumb).
 * Merged into the theme by `createTheme(base, touchTheme)` (theme.ts); the palette is not here.
 * e2e/technician-phone.spec.ts measures the technician's controls at 360 px.
 */
import type { ThemeOptions } from '@mui/material/styles';

/** The smallest tap target, in CSS pixels. */
export const TAP_TARGET = 44;

/** Room the floating menu button takes at the bottom of a phone screen: 56 px button + 16 px margin + 16 px gap. */
export const FAB_CLEARANCE = 88;

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
        // Toasts sit above the floating menu button on a phone (AppLayout), never over it.
        root: { '@media (max-width: 899.95px)': { bottom: FAB_CLEARANCE } },
      },
    },
  },
};
