/**
 * The side navigation's content: the service name, then the menu of the user's policy role
 * (`menuFor`), the current route highlighted (a nested path highlights the item whose path is
 * its longest prefix, so /service-requests/42 lights Service Requests and /service-requests/create
 * lights New Service). Item names in the app's language (`shell` catalogue, `menu.<route>`).
 */
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { MENU, menuFor, ROUTES } from '#shared/domain/permissions.ts';
import type { SystemRole } from '#shared/domain/roles.ts';
import { useShellT } from '#web/i18n/shell-t.ts';
import { activeItemPath } from './active-item.ts';
import { Logo } from './Logo.tsx';
import { navIcon } from './nav-icons.tsx';

/** Every menu path: the current item is found among all of them (the bottom bar uses it too). */
export const ALL_PATHS: readonly string[] = MENU.map((m) => ROUTES[m.route].path);

export interface NavDrawerProps {
  serviceName: string;
  role: SystemRole | null;
  /** Called after an item is chosen (the mobile drawer closes itself here). */
  onNavigate?: () => void;
}

export function NavDrawer({ serviceName, role, onNavigate }: NavDrawerProps) {
  const { pathname } = useLocation();
  const t = useShellT();
  const items = menuFor(role);
  // Highlight against every menu path, so an item hidden from this role never makes a visible one light up.
  const active = activeItemPath(pathname, ALL_PATHS);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar sx={{ gap: 1.5, px: 2.5 }}>
        <Logo />
        <Typography
          variant="h6"
          component="div"
          noWrap
          sx={{ fontWeight: 700, fontSize: '1.05rem' }}
          title={serviceName}
        >
          {serviceName}
        </Typography>
      </Toolbar>
      <Divider />
      <Box component="nav" aria-label={t('mainNavigation')} sx={{ flex: 1, overflowY: 'auto' }}>
        <List sx={{ px: 1, py: 1 }}>
          {items.map((item) => {
            const path = ROUTES[item.route].path;
            const selected = active === path;
            return (
              // A link inside a list item: a list holds only <li> (axe 'list').
              <ListItem key={item.route} disablePadding>
                <ListItemButton
                  component={RouterLink}
                  to={path}
                  selected={selected}
                  aria-current={selected ? 'page' : undefined}
                  onClick={onNavigate}
                  sx={{
                    borderRadius: 1.5,
                    mb: 0.5,
                    '&.Mui-selected': {
                      bgcolor: 'primary.main',
                      color: 'primary.contrastText',
                      '& .MuiListItemIcon-root': { color: 'primary.contrastText' },
                      '&:hover': { bgcolor: 'primary.dark' },
                    },
                  }}
                >
                  <ListItemIcon sx={{ minWidth: 40 }}>{navIcon(item.icon)}</ListItemIcon>
                  <ListItemText primary={t(`menu.${item.route}`, { defaultValue: item.label })} />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </Box>
    </Box>
  );
}
