/** The standard component-library look (spec section 1), with a water-blue primary. */
import { createTheme } from '@mui/material/styles';
import { touchTheme } from './touch.ts';

export const theme = createTheme(
  {
    palette: {
      mode: 'light',
      primary: { main: '#1976d2' },
      secondary: { main: '#0097a7' },
      background: { default: '#f4f6f8' },
    },
    shape: { borderRadius: 8 },
    typography: {
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiAppBar: { defaultProps: { elevation: 0 } },
    },
  },
  touchTheme,
);
