/**
 * The top bar: 'Welcome back,' and the name, the notification bell (unread badge, to
 * /notifications) and the avatar menu (name and role; Profile, Settings, Logout), in the app's
 * language (`shell` catalogue; a system role's name from `common`). Logout with changes not sent
 * yet from this phone asks first (issue 31): "2 changes not sent yet: sign out anyway?".
 */
import Logout from '@mui/icons-material/Logout';
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
import { Link as RouterLink, useNavigate } from 'react-router';
import { DRAWER_WIDTH } from '#shared/domain/constants.ts';
import { initials } from '#shared/domain/format.ts';
import { useUnreadCount } from '#web/features/notifications/api/unread-count.ts';
import { useShellT } from '#web/i18n/shell-t.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { unsentChanges } from '#web/lib/offline/sign-out.ts';
import { Logo } from './Logo.tsx';

interface AskProps {
  count: number;
  onConfirm: () => void;
  onCancel: () => void;
}

export function TopBar({ wide }: { wide: boolean }) {
  const { user, logout } = useAuth();
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
        {wide ? null : <Logo size={32} />}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {/* One line on wide screens; on a phone the name gets a line of its own. */}
          <Typography
            variant="h6"
            component="p"
            sx={{
              display: 'flex',
              flexDirection: { xs: 'column', sm: 'row' },
              alignItems: { xs: 'flex-start', sm: 'baseline' },
              columnGap: 0.75,
              lineHeight: { xs: 1.3, sm: 1.6 },
              fontSize: { xs: '0.8rem', sm: '1.15rem' },
              color: { xs: 'text.secondary', sm: 'text.primary' },
            }}
          >
            <span>{t('welcomeBack')}</span>
            <Box
              component="span"
              sx={{
                fontWeight: 700,
                color: 'text.primary',
                fontSize: { xs: '1rem', sm: '1.15rem' },
                maxWidth: '100%',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
              }}
            >
              {name}
            </Box>
          </Typography>
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
