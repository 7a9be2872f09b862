/**
 * "Print stickers (PDF)" (issue 36): the QR stickers of a customer's or a region's units as a PDF
 * to print (GET /api/stickers.pdf?customerId=… or ?regionId=…, with `page`), downloaded with the
 * session's token like the lists' exports (lib/download.ts, fetched on the first click). A file
 * holds STICKERS_PER_FILE stickers; the answer's X-Total-Count says how many units there are, and
 * when there are more the further files are offered in a dialog. A refusal (409 while PUBLIC_URL is
 * unset or a private address: a sticker must open from the customer's home) shows the server's
 * words in a toast. Its words are the on-demand `maintenance` catalogue's (`stickers.*`).
 */
import Print from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOTAL_HEADER } from '#shared/domain/constants.ts';
import { STICKERS_PER_FILE } from '#shared/domain/public-unit.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useToast } from './toast.tsx';

export { STICKERS_PER_FILE };

export interface StickerPdfButtonProps {
  /** Whose units: one customer's or one region's. */
  scope: { customerId: string } | { regionId: string };
  /** An icon button named after `name` (a table row's action), else a text button. */
  icon?: boolean;
  /** The row's name, for the icon button's accessible name ("Print stickers (PDF): Chennai"). */
  name?: string;
}

/** How many files `total` units take, and the stickers each holds (1-based, inclusive). */
export function stickerFiles(total: number, per = STICKERS_PER_FILE): { page: number; from: number; to: number }[] {
  const files: { page: number; from: number; to: number }[] = [];
  for (let page = 1; (page - 1) * per < total; page++) {
    files.push({ page, from: (page - 1) * per + 1, to: Math.min(page * per, total) });
  }
  return files;
}

export function StickerPdfButton({ scope, icon = false, name }: StickerPdfButtonProps) {
  const { t, ready } = useTranslation('maintenance');
  const toast = useToast();
  const titleId = useId();
  const [busy, setBusy] = useState<number | null>(null);
  const [total, setTotal] = useState<number | null>(null);
  if (!ready) return null;

  const download = async (page: number) => {
    setBusy(page);
    try {
      const { downloadFile } = await import('#web/lib/download.ts');
      const { headers } = await downloadFile('/stickers.pdf', { ...scope, page }, t('stickers.failed'), 'stickers.pdf');
      const count = Number(headers.get(TOTAL_HEADER));
      // More units than one file holds: the other files are offered.
      if (page === 1 && Number.isFinite(count) && count > STICKERS_PER_FILE) setTotal(count);
    } catch (err) {
      toast.error(errorMessage(err, t('stickers.failed')));
    } finally {
      setBusy(null);
    }
  };

  const label = t('stickers.print');
  const spinner = <CircularProgress size={18} color="inherit" />;
  return (
    <>
      {icon ? (
        <Tooltip title={label}>
          <span>
            <IconButton
              size="small"
              aria-label={t('stickers.printFor', { name: name ?? '' })}
              disabled={busy !== null}
              onClick={() => void download(1)}
            >
              {busy === 1 ? spinner : <Print fontSize="small" />}
            </IconButton>
          </span>
        </Tooltip>
      ) : (
        <Button
          size="small"
          startIcon={busy === 1 ? spinner : <Print />}
          disabled={busy !== null}
          onClick={() => void download(1)}
          sx={{ minHeight: 44 }}
        >
          {busy === 1 ? t('stickers.preparing') : label}
        </Button>
      )}
      <Dialog open={total !== null} onClose={() => setTotal(null)} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <DialogTitle id={titleId}>{t('stickers.moreTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t('stickers.more', { total: total ?? 0, per: STICKERS_PER_FILE })}
          </DialogContentText>
          <Stack spacing={1}>
            {stickerFiles(total ?? 0)
              .slice(1)
              .map((file) => (
                <Button
                  key={file.page}
                  variant="outlined"
                  startIcon={busy === file.page ? spinner : <Print />}
                  disabled={busy !== null}
                  onClick={() => void download(file.page)}
                >
                  {t('stickers.part', { from: file.from, to: file.to })}
                </Button>
              ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setTotal(null)}>{t('stickers.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
