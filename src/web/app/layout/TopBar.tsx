/**
 * The top bar: the notification bell (unread badge, to /notifications) and the avatar menu (name
 * and role; Profile, Settings, Logout), in the app's language (`shell` catalogue; a system role's
 * name from `common`). Logout with changes not sent yet from this phone asks first (issue 31):
 * "2 changes not sent yet: sign out anyway?".
 *
 * At its start (issue 33 items 8 and 10, ADR 036): on a wide screen 'Welcome back,' and the name,
 * except on the dashboard, whose heading greets already ('Welcome back, <name>!'): the greeting
 * shows once. Below md the bar is the app's title bar: the menu button (`onMenu`, the office
 * roles' drawer) or else the logo, then the service name; the dashboard's heading greets.
 */
import Logout from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Person from '@mui/icons-material/Person';
import Settings from '@mui/icons-material/Settings';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { type ComponentType, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { DRAWER_WIDTH } from '#shared/domain/constants.ts';
import { initials } from '#shared/domain/format.ts';
import { ROUTES } from '#shared/domain/permissions.ts';
import { useUnreadCount } from '#web/features/notifications/api/unread-count.ts';
import { useShellT } from '#web/i18n/shell-t.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useServiceName } from '#web/lib/config.ts';
import { unsentChanges } from '#web/lib/offline/sign-out.ts';
import { Logo } from './Logo.tsx';

interface AskProps {
  count: number;
  onConfirm: () => void;
  onCancel: () => void;
}

export interface TopBarProps {
  wide: boolean;
  /** Opens the navigation drawer: given, the bar starts with the menu button. */
  onMenu?: () => void;
}

export function TopBar({ wide, onMenu }: TopBarProps) {
  const { user, logout } = useAuth();
  const { pathname } = useLocation();
  const serviceName = useServiceName();
  const navigate = useNavigate();
  const { count } = useUnreadCount(!!user);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const name = user?.name ?? '';
  const t = useShellT();
  const tc = useShellT('common');
  const role = user?.role.name ?? '';
  const to = useShellT('offline');
  // The question before signing out with changes not sent (its dialog loaded only then).
  const [ask, setAsk] = useState<{ count: number; Dialog: ComponentType<AskProps> } | null>(null);
  const signOut = async () => {
    await logout();
    navigate('/login', { replace: true });
  };
  const askFirst = async () => {
    const count = user ? await unsentChanges(user.id) : 0;
    if (count === 0) return signOut();
    try {
      const { UnsentSignOutDialog } = await import('#web/components/SyncStatus.tsx');
      setAsk({ count, Dialog: UnsentSignOutDialog });
    } catch {
      // Its code cannot be fetched (offline, never loaded): the browser's own question.
      if (window.confirm(to('signOut.unsent', { count }))) await signOut();
    }
  };

  return (
    <AppBar
      position="fixed"
      color="inherit"
      sx={{
        width: wide ? `calc(100% - ${DRAWER_WIDTH}px)` : '100%',
        ml: wide ? `${DRAWER_WIDTH}px` : 0,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Toolbar sx={{ gap: 1.5 }}>
        {onMenu ? (
          <IconButton edge="start" color="inherit" size="large" aria-label={t('openNavigation')} onClick={onMenu}>
            <MenuIcon />
          </IconButton>
        ) : wide ? null : (
          <Logo size={32} />
        )}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {!wide ? (
            <Typography component="p" noWrap title={serviceName} sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
              {serviceName}
            </Typography>
          ) : pathname === ROUTES.dashboard.path ? null : (
            <Typography variant="h6" component="p" noWrap sx={{ fontSize: '1.15rem', '& b': { fontWeight: 700 } }}>
              {t('welcomeBack')} <b>{name}</b>
            </Typography>
          )}
        </Box>
        {/* Native title hints: MUI's Tooltip would put Popper.js into the first load (P8 budget). */}
        <IconButton
          component={RouterLink}
          to="/notifications"
          // The unread count is part of the name: a screen reader never reads the badge otherwise.
          aria-label={count > 0 ? t('notificationsUnread', { count }) : t('notifications')}
          title={t('notifications')}
          color="inherit"
          size="large"
        >
          {/* No Badge at 0: an invisible MUI Badge keeps its last number in the DOM for its exit animation. */}
          {count > 0 ? (
            <Badge badgeContent={count} color="error" max={99}>
              <NotificationsOutlined />
            </Badge>
          ) : (
            <NotificationsOutlined />
          )}
        </IconButton>
        <IconButton
          onClick={(e) => setAnchor(e.currentTarget)}
          // The name begins with the initials it shows (axe 'label-content-name-mismatch').
          aria-label={t('accountMenu', { initials: initials(name) })}
          title={t('account')}
          aria-controls={anchor ? 'account-menu' : undefined}
          aria-haspopup="true"
          aria-expanded={anchor ? 'true' : undefined}
          sx={{ p: 0.5 }}
        >
          <Avatar sx={{ bgcolor: 'primary.main', width: 38, height: 38, fontSize: '1rem' }}>{initials(name)}</Avatar>
        </IconButton>
        <Menu
          id="account-menu"
          anchorEl={anchor}
          open={!!anchor}
          onClose={close}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          slotProps={{ paper: { sx: { minWidth: 220, mt: 1 } } }}
        >
          <Box sx={{ px: 2, py: 1.25 }}>
            <Typography sx={{ fontWeight: 600 }} noWrap>
              {name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {role ? tc(`roleName.${role}`, { defaultValue: role }) : ''}
            </Typography>
          </Box>
          <Divider />
          <MenuItem
            onClick={() => {
              close();
              navigate('/profile');
            }}
          >
            <ListItemIcon>
              <Person fontSize="small" />
            </ListItemIcon>
            {t('profile')}
          </MenuItem>
          <MenuItem onClick={close}>
            <ListItemIcon>
              <Settings fontSize="small" />
            </ListItemIcon>
            {t('settings')}
          </MenuItem>
          <MenuItem
            onClick={async () => {
              close();
              await askFirst();
            }}
          >
            <ListItemIcon>
              <Logout fontSize="small" />
            </ListItemIcon>
            {t('logout')}
          </MenuItem>
        </Menu>
        {ask ? (
          <ask.Dialog
            count={ask.count}
            onCancel={() => setAsk(null)}
            onConfirm={() => {
              setAsk(null);
              void signOut();
            }}
          />
        ) : null}
      </Toolbar>
    </AppBar>
  );
}
