/** The request's photos as a grid of thumbnails; a click shows the full picture (`technician` catalogue). */
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkMediaItem } from '#shared/contracts/service-requests.ts';
import { useFormat } from '#web/i18n/hooks.ts';

export function PhotoGrid({ media }: { media: readonly WorkMediaItem[] }) {
  const { t } = useTranslation('technician');
  const format = useFormat();
  const [open, setOpen] = useState<WorkMediaItem | null>(null);
  if (media.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {t('photos.empty')}
      </Typography>
    );
  }
  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(3, 1fr)', sm: 'repeat(auto-fill, minmax(140px, 1fr))' },
          gap: 1,
        }}
      >
        {media.map((m, i) => (
          <Box
            key={m.id}
            component="button"
            type="button"
            onClick={() => setOpen(m)}
            aria-label={t('photos.open', { number: i + 1 })}
            sx={{
              p: 0,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              overflow: 'hidden',
              cursor: 'zoom-in',
              position: 'relative',
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
                  ? t('photos.takenAlt', { number: i + 1, time: format.dateTime(m.takenAt) })
                  : t('photos.thumbnailAlt', { number: i + 1, time: format.dateTime(m.uploadedAt) })
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
        ))}
      </Box>
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
