/**
 * The technician's navigation below md (issue 33 item 8, ADR 036): a bar fixed at the foot of the
 * screen with the role's menu (`menuFor`), each item an icon over its name in the app's language
 * (`shell` catalogue, `menu.<route>`), the current one highlighted and `aria-current="page"`,
 * inside a <nav> named like the drawer's ("Main navigation"). Built from Paper and ButtonBase,
 * which the first load already has, not MUI's BottomNavigation.
 *
 * Every item is the bar's full height (BOTTOM_NAV_HEIGHT, 72 px) and an equal share of its width,
 * but never narrower than its name's longest word; a long name (Tamil, Malayalam) takes a second
 * line, broken between words only. While the bar
 * shows, <html> carries its height in BOTTOM_NAV_VAR, so a snackbar stands above it; the page
 * keeps that much room under its last row (AppLayout), so nothing is ever hidden behind it.
 */
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import { useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { menuFor, ROUTES } from '#shared/domain/permissions.ts';
import type { SystemRole } from '#shared/domain/roles.ts';
import { useShellT } from '#web/i18n/shell-t.ts';
import { BOTTOM_NAV_HEIGHT, BOTTOM_NAV_VAR } from '../touch.ts';
import { activeItemPath } from './active-item.ts';
import { ALL_PATHS } from './NavDrawer.tsx';
import { navIcon } from './nav-icons.tsx';

/** The bar's height with the phone's safe-area inset (a home indicator) under it. */
export const BOTTOM_NAV_SPACE = `calc(${BOTTOM_NAV_HEIGHT}px + env(safe-area-inset-bottom, 0px))`;

export function BottomNav({ role }: { role: SystemRole | null }) {
  const { pathname } = useLocation();
  const t = useShellT();
  const active = activeItemPath(pathname, ALL_PATHS);
  useEffect(() => {
    const style = document.documentElement.style;
    style.setProperty(BOTTOM_NAV_VAR, BOTTOM_NAV_SPACE);
    return () => {
      style.removeProperty(BOTTOM_NAV_VAR);
    };
  }, []);
  return (
    <Paper
      component="nav"
      square
      aria-label={t('mainNavigation')}
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: 'appBar',
        display: 'flex',
        justifyContent: 'center',
        height: BOTTOM_NAV_SPACE,
        pb: 'env(safe-area-inset-bottom, 0px)',
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      {menuFor(role).map((item) => {
        const path = ROUTES[item.route].path;
        const current = active === path;
        return (
          <ButtonBase
            key={item.route}
            component={RouterLink}
            to={path}
            aria-current={current ? 'page' : undefined}
            sx={{
              // Equal shares that never grow past the bar: with five items (My Van, issue 37) a long
              // one-word name (Malayalam's Dashboard, Tamil's Task History) breaks inside the word
              // rather than push the bar past a 360 px screen.
              flex: '1 1 0',
              minWidth: 0,
              maxWidth: 168,
              flexDirection: 'column',
              gap: 0.5,
              px: 0.25,
              color: current ? 'primary.main' : 'text.secondary',
              fontWeight: current ? 700 : 500,
            }}
          >
            <Box
              component="span"
              sx={{
                display: 'flex',
                px: 2,
                py: 0.25,
                borderRadius: 4,
                ...(current ? { bgcolor: 'primary.main', color: 'primary.contrastText' } : {}),
              }}
            >
              {navIcon(item.icon)}
            </Box>
            <Box
              component="span"
              sx={{
                // 11 px on a phone's five items (a Tamil or Malayalam name in two lines), 12 px wider.
                fontSize: { xs: '0.6875rem', sm: '0.75rem' },
                lineHeight: 1.25,
                textAlign: 'center',
                maxWidth: '100%',
                overflowWrap: 'anywhere',
              }}
            >
              {t(`menu.${item.route}`, { defaultValue: item.label })}
            </Box>
          </ButtonBase>
        );
      })}
    </Paper>
  );
}
