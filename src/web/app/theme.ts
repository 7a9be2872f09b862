/**
 * The standard component-library look (spec section 1), with a water-blue primary, in colours
 * that pass WCAG AA (ADR 018): every palette colour carries white text at 4.5:1 or more (the
 * library's own warning and info did not: 3.11:1 and 3.85:1), `contrastThreshold: 4.5` makes the
 * library pick the text colour by the AA ratio, and one strong focus ring for every focusable
 * element (`:focus-visible`, so a mouse click shows none).
 */
import { createTheme } from '@mui/material/styles';
import { FONT_STACK } from '#web/i18n/fonts.ts';
import { touchTheme } from './touch.ts';

/** The keyboard focus ring's colour (8.6:1 on white, 7.9:1 on the grey page). */
export const FOCUS_RING = '#0d47a1';
const ring = { outline: `3px solid ${FOCUS_RING}`, outlineOffset: 2 };

export const theme = createTheme(
  {
    palette: {
      mode: 'light',
      contrastThreshold: 4.5,
      primary: { main: '#1565c0' },
      secondary: { main: '#006f79' },
      warning: { main: '#b35200' },
      info: { main: '#00738a' },
      success: { main: '#2e7d32' },
      error: { main: '#d32f2f' },
      background: { default: '#f4f6f8' },
    },
    shape: { borderRadius: 8 },
    typography: {
      // The five Indian scripts' Noto faces, each for its own letters only, then the Latin fonts
      // (ADR 022): a Tamil note on an English screen is drawn in Noto Sans Tamil, fetched only
      // when such text is on the page.
      fontFamily: FONT_STACK,
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiCssBaseline: {
        styleOverrides: {
          // Form controls take the page's font stack, not the browser's own (Arial for a <button>,
          // which drew a photo's caption on its thumbnail in boxes): the Indian scripts' faces too.
          'button, input, optgroup, select, textarea': { fontFamily: 'inherit' },
          // Links, headings focused on navigation (tabIndex -1), anything else focusable.
          ':focus-visible': ring,
          // Text fields show focus by their own 2 px border; a second ring inside it is noise.
          '.MuiInputBase-input:focus-visible': { outline: 'none' },
          // A table row that opens something: the ring goes round the row, not the first cell's text.
          'tr:has(> td > a.row-link:focus-visible)': { outline: `3px solid ${FOCUS_RING}`, outlineOffset: -3 },
          'a.row-link:focus-visible': { outline: 'none' },
        },
      },
      // Every button, icon button, list item, menu item, chip and tab: the library removes the
      // outline and marks keyboard focus with `.Mui-focusVisible`.
      MuiButtonBase: {
        styleOverrides: { root: { '&.Mui-focusVisible': ring } },
      },
      // The hint under a disabled field ('Choose a region first') is read, not disabled: AA grey.
      MuiFormHelperText: {
        styleOverrides: { root: ({ theme: t }) => ({ '&.Mui-disabled': { color: t.palette.text.secondary } }) },
      },
      // The focused text field's border in the ring colour and thicker.
      MuiOutlinedInput: {
        styleOverrides: {
          root: { '&.Mui-focused .MuiOutlinedInput-notchedOutline': { borderColor: FOCUS_RING, borderWidth: 2 } },
        },
      },
    },
  },
  touchTheme,
);
