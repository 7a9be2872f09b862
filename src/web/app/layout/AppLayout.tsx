/**
 * The signed-in shell (spec "Layout"): a 260 px permanent drawer on wide screens; below the md
 * breakpoint a temporary drawer opened by a floating menu button and closed after a choice, with
 * a small logo in the full-width top bar.
 */
import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Fab from '@mui/material/Fab';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { DRAWER_WIDTH } from '#shared/domain/constants.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useServiceName } from '#web/lib/config.ts';
import { FAB_CLEARANCE } from '../touch.ts';
import { NavDrawer } from './NavDrawer.tsx';
import { TopBar } from './TopBar.tsx';

export function AppLayout() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [open, setOpen] = useState(false);
  const { policyRole } = useAuth();
  const serviceName = useServiceName();
  const paperSx = { width: DRAWER_WIDTH, boxSizing: 'border-box' as const };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar wide={wide} />
      {wide ? (
        <Drawer
          variant="permanent"
          open
          sx={{ width: DRAWER_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': paperSx }}
          slotProps={{ paper: { 'aria-label': 'Navigation' } }}
        >
          <NavDrawer serviceName={serviceName} role={policyRole} />
        </Drawer>
      ) : (
        <>
          <Drawer
            variant="temporary"
            open={open}
            onClose={() => setOpen(false)}
            ModalProps={{ keepMounted: true }}
            sx={{ '& .MuiDrawer-paper': paperSx }}
            slotProps={{ paper: { 'aria-label': 'Navigation' } }}
          >
            <NavDrawer serviceName={serviceName} role={policyRole} onNavigate={() => setOpen(false)} />
          </Drawer>
          <Fab
            color="primary"
            aria-label="open navigation"
            onClick={() => setOpen(true)}
            sx={{ position: 'fixed', left: 16, bottom: 16, zIndex: (t) => t.zIndex.appBar + 1 }}
          >
            <MenuIcon />
          </Fab>
        </>
      )}
      <Box
        component="main"
        sx={{
          flexGrow: 1,
          minWidth: 0,
          width: wide ? `calc(100% - ${DRAWER_WIDTH}px)` : '100%',
          p: { xs: 2, sm: 3 },
          // Below md the floating menu button sits over the bottom of the screen: the page keeps
          // that much room under its last control, so nothing stays hidden behind it.
          pb: { xs: `${FAB_CLEARANCE}px`, md: 3 },
        }}
      >
        <Toolbar />
        <Outlet />
      </Box>
    </Box>
  );
}
