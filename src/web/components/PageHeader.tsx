/**
 * A page's title bar: the h1 (the page's one heading), optionally a back button before it, a
 * subtitle or chips under it, and the page's buttons beside it. On a phone the buttons go under
 * the title, full width ('stretch', the lists' Add buttons) or as they are ('start'), or stay
 * beside it and wrap ('wrap').
 *
 * The h1 is focusable by script (tabIndex -1): after a navigation the layout moves the focus to it
 * (ADR 018). The page's document title is `documentTitle`, else the title when it is text.
 */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '#web/lib/document-title.ts';

export interface PageHeaderProps {
  title: ReactNode;
  /** Before the title: a back button. */
  back?: ReactNode;
  /** Under the title: a subtitle, status chips. */
  subtitle?: ReactNode;
  /** The page's buttons. */
  actions?: ReactNode;
  /** Where the buttons go on a phone (see above). */
  phoneActions?: 'stretch' | 'start' | 'wrap';
  /** Space under the header, in theme spacing units. */
  mb?: number;
  /** The browser tab's title (before ' · AquaDesk'); the title when it is text. */
  documentTitle?: string;
}

export function PageHeader({
  title,
  back,
  subtitle,
  actions,
  phoneActions = 'stretch',
  mb = 2,
  documentTitle,
}: PageHeaderProps) {
  useDocumentTitle(documentTitle ?? (typeof title === 'string' ? title : null));
  const h1 = (
    <Typography variant="h5" component="h1" tabIndex={-1} sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
      {title}
    </Typography>
  );
  const heading =
    subtitle || phoneActions === 'wrap' ? (
      <Box sx={{ minWidth: 0, flexGrow: phoneActions === 'wrap' ? 1 : undefined }}>
        {h1}
        {subtitle}
      </Box>
    ) : (
      h1
    );
  const titled = back ? (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0, flexGrow: 1 }}>
      {back}
      {heading}
    </Stack>
  ) : (
    heading
  );

  if (!actions) return <Box sx={{ mb }}>{titled}</Box>;
  if (phoneActions === 'wrap') {
    return (
      <Stack
        direction="row"
        useFlexGap
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 2, rowGap: 1.5, mb }}
      >
        {titled}
        {actions}
      </Stack>
    );
  }
  const stretch = phoneActions === 'stretch';
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={stretch ? 2 : 1.5}
      sx={{
        alignItems: { xs: stretch ? 'stretch' : 'flex-start', sm: 'center' },
        justifyContent: 'space-between',
        mb,
      }}
    >
      {titled}
      {actions}
    </Stack>
  );
}
