/**
 * The request's photos as grids of thumbnails under "Before", "After" and "Other" (issue 35 item 2:
 * what each shows, only the groups that have photos, in that order), each grid a list labelled by
 * its heading; a click shows the full picture (`technician` catalogue).
 */
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkMediaItem } from '#shared/contracts/service-requests.ts';
import { MEDIA_KINDS, type MediaKind } from '#shared/domain/media.ts';
import { useFormat } from '#web/i18n/hooks.ts';

/** The photos by what they show: Before, After, Other, each in the server's order; empty groups left out. */
export function groupByKind(media: readonly WorkMediaItem[]): { kind: MediaKind; items: WorkMediaItem[] }[] {
  return MEDIA_KINDS.map((kind) => ({ kind, items: media.filter((m) => m.kind === kind) })).filter(
    (g) => g.items.length > 0,
  );
}

export function PhotoGrid({ media }: { media: readonly WorkMediaItem[] }) {
  const { t } = useTranslation('technician');
  const format = useFormat();
  const [open, setOpen] = useState<WorkMediaItem | null>(null);
  const headingId = useId();
  if (media.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {t('photos.empty')}
      </Typography>
    );
  }
  const groups = groupByKind(media);
  // Numbered through the groups, so each thumbnail's name is unique on the page.
  const numbered = groups.map((g, gi) => ({
    ...g,
    first: groups.slice(0, gi).reduce((n, prev) => n + prev.items.length, 1),
  }));
  return (
    <>
      <Stack spacing={2}>
        {numbered.map((g) => (
          <Box key={g.kind}>
            <Typography
              variant="subtitle2"
              component="h3"
              id={`${headingId}-${g.kind}`}
              sx={{ mb: 0.75, color: 'text.secondary' }}
            >
              {t(`photos.kind.${g.kind}`)}
            </Typography>
            <Box
              component="ul"
              aria-labelledby={`${headingId}-${g.kind}`}
              data-kind={g.kind}
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: 'repeat(3, 1fr)', sm: 'repeat(auto-fill, minmax(140px, 1fr))' },
                gap: 1,
                listStyle: 'none',
                m: 0,
                p: 0,
              }}
            >
              {g.items.map((m, j) => (
                <Box component="li" key={m.id} sx={{ display: 'block' }}>
                  <Thumbnail item={m} number={g.first + j} onOpen={() => setOpen(m)} />
                </Box>
              ))}
            </Box>
          </Box>
        ))}
      </Stack>
      <Dialog open={!!open} onClose={() => setOpen(null)} maxWidth="lg">
        {open ? (
          <Box sx={{ position: 'relative', bgcolor: 'common.black' }}>
            <IconButton
              aria-label={t('photos.close')}
              onClick={() => setOpen(null)}
              sx={{ position: 'absolute', top: 8, right: 8, color: 'common.white', bgcolor: 'rgba(0,0,0,0.4)' }}
            >
              <Close />
            </IconButton>
            <Box
              component="img"
              src={open.fileUrl}
              alt={t('photos.fullAlt', { time: format.dateTime(open.uploadedAt) })}
              sx={{ display: 'block', maxWidth: '100%', maxHeight: '85vh', mx: 'auto' }}
            />
            <Typography variant="body2" sx={{ color: 'grey.300', px: 2, py: 1 }}>
              {open.uploadedBy.name} ·{' '}
              {open.takenAt
                ? `${t('photos.taken', { time: format.dateTime(open.takenAt) })} · ${t('photos.uploadedAt', { time: format.dateTime(open.uploadedAt) })}`
                : format.dateTime(open.uploadedAt)}
            </Typography>
          </Box>
        ) : null}
      </Dialog>
    </>
  );
}

function Thumbnail({ item: m, number, onOpen }: { item: WorkMediaItem; number: number; onOpen: () => void }) {
  const { t } = useTranslation('technician');
  const format = useFormat();
  return (
    <Box
      component="button"
      type="button"
      onClick={onOpen}
      aria-label={t('photos.open', { number })}
      sx={{
        p: 0,
        width: '100%',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        cursor: 'zoom-in',
        position: 'relative',
        display: 'block',
        aspectRatio: '1 / 1',
        bgcolor: 'grey.100',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      <Box
        component="img"
        src={m.thumbnailUrl}
        alt={
          m.takenAt
            ? t('photos.takenAlt', { number, time: format.dateTime(m.takenAt) })
            : t('photos.thumbnailAlt', { number, time: format.dateTime(m.uploadedAt) })
        }
        loading="lazy"
        sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
      />
      {m.takenAt ? (
        // When the technician took it (ADR 027), on the photo: offline photos arrive later.
        <Box
          component="span"
          aria-hidden
          sx={{
            position: 'absolute',
            left: 0,
            right: 0,
            bottom: 0,
            px: 0.5,
            py: 0.25,
            fontSize: 11,
            lineHeight: 1.3,
            color: 'common.white',
            bgcolor: 'rgba(0,0,0,0.6)',
            textAlign: 'left',
          }}
        >
          {t('photos.taken', { time: format.dateTime(m.takenAt) })}
        </Box>
      ) : null}
    </Box>
  );
}
