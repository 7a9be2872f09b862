/**
 * The signed-in shell (spec "Layout", as issue 33 item 8 and ADR 036 change it below md): a 260 px
 * permanent drawer on wide screens. Below the md breakpoint the navigation sits where a phone user
 * looks for it (layout/nav-mode.ts): the technician gets a bottom navigation bar (BottomNav.tsx)
 * and the page keeps its height free under its last row; every other role opens a temporary
 * drawer, closed after a choice, from the menu button at the start of the full-width top bar.
 * Nothing floats over the page.
 *
 * For the keyboard (ADR 018): "Skip to main content" is the first stop; after a navigation the
 * focus goes to the new page's h1. While AquaDesk does not answer, "Can't reach AquaDesk" shows
 * above the page, inside the layout (lib/connectivity.ts). Its words come from the `shell`
 * catalogue through useShellT (i18n/shell-t.ts: the shell is in the initial bundle, i18next is not).
 */
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type MouseEvent, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { DRAWER_WIDTH } from '#shared/domain/constants.ts';
import { UnreachableNotice } from '#web/components/Unreachable.tsx';
import { useShellT } from '#web/i18n/shell-t.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useServiceName } from '#web/lib/config.ts';
import { useUnreachable } from '#web/lib/connectivity.ts';
import { BOTTOM_NAV_SPACE, BottomNav } from './BottomNav.tsx';
import { NavDrawer } from './NavDrawer.tsx';
import { usesBottomNav } from './nav-mode.ts';
import { focusHeading, useFocusHeadingOnNavigate } from './route-focus.ts';
import { TopBar } from './TopBar.tsx';

export function AppLayout() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [open, setOpen] = useState(false);
  const { policyRole } = useAuth();
  const serviceName = useServiceName();
  const paperSx = { width: DRAWER_WIDTH, boxSizing: 'border-box' as const };
  const main = useRef<HTMLElement>(null);
  const unreachable = useUnreachable();
  const t = useShellT();
  const bottomNav = !wide && usesBottomNav(policyRole);
  useFocusHeadingOnNavigate(main);

  const skip = (e: MouseEvent) => {
    e.preventDefault();
    if (main.current && !focusHeading(main.current)) main.current.focus();
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Box component="a" href="#main-content" onClick={skip} sx={skipLinkSx}>
        {t('skipToContent')}
      </Box>
      <TopBar wide={wide} onMenu={wide || bottomNav ? undefined : () => setOpen(true)} />
      {wide ? (
        <Drawer
          variant="permanent"
          open
          sx={{ width: DRAWER_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': paperSx }}
          slotProps={{ paper: { 'aria-label': t('navigation') } }}
        >
          <NavDrawer serviceName={serviceName} role={policyRole} />
        </Drawer>
      ) : bottomNav ? (
        <BottomNav role={policyRole} />
      ) : (
        <Drawer
          variant="temporary"
          open={open}
          onClose={() => setOpen(false)}
          ModalProps={{ keepMounted: true }}
          sx={{ '& .MuiDrawer-paper': paperSx }}
          slotProps={{ paper: { 'aria-label': t('navigation') } }}
        >
          <NavDrawer serviceName={serviceName} role={policyRole} onNavigate={() => setOpen(false)} />
        </Drawer>
      )}
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        ref={main}
        sx={{
          '&:focus': { outline: 'none' },
          flexGrow: 1,
          minWidth: 0,
          width: wide ? `calc(100% - ${DRAWER_WIDTH}px)` : '100%',
          // Each side on its own: a responsive `p` (its media queries come last) would undo a plain `pb`.
          px: GAP,
          pt: GAP,
          // Over the bottom bar's height the page keeps a gap, so its last row shows above the bar.
          pb: bottomNav ? `calc(${BOTTOM_NAV_SPACE} + 16px)` : GAP,
        }}
      >
        <Toolbar />
        {unreachable ? <UnreachableNotice /> : null}
        <Outlet />
      </Box>
    </Box>
  );
}

/** The page's padding: 16 px on a phone, 24 px from sm up. */
const GAP = { xs: 2, sm: 3 };

/** Off screen until focused, then a clear button-like link at the top left, above the bars. */
const skipLinkSx = {
  position: 'fixed',
  left: 8,
  top: 8,
  zIndex: 2000,
  px: 2,
  py: 1.25,
  borderRadius: 1,
  bgcolor: 'background.paper',
  color: 'primary.dark',
  fontWeight: 700,
  boxShadow: 3,
  transform: 'translateY(-200%)',
  '&:focus, &:focus-visible': { transform: 'none' },
} as const;
