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
              aspectRatio: '1 / 1',
              bgcolor: 'grey.100',
              '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
            }}
          >
            <Box
              component="img"
              src={m.thumbnailUrl}
              alt={t('photos.thumbnailAlt', { number: i + 1, time: format.dateTime(m.uploadedAt) })}
              loading="lazy"
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
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
              {open.uploadedBy.name} · {format.dateTime(open.uploadedAt)}
            </Typography>
          </Box>
        ) : null}
      </Dialog>
    </>
  );
}
