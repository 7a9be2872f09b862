/**
 * The unit page's "QR sticker" card (issue 36 items 2–3, ADR 043): the unit's code and the page
 * its sticker opens (PUBLIC_URL/s/<code>); without PUBLIC_URL a note that stickers cannot be
 * printed (they must open from the customer's home) and the page on this computer to try it;
 * "Download sticker (SVG)" (the server's refusal, e.g. a 409 for a missing or private
 * PUBLIC_URL, shown in the card); and for those who may change the customer's units, "Re-issue
 * code" after a confirmation that the old sticker stops working at once.
 */
import Autorenew from '@mui/icons-material/Autorenew';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnitDetails } from '#shared/contracts/units.ts';
import { publicPath } from '#shared/domain/public-unit.ts';
import { ConfirmDialog } from '#web/components/ConfirmDialog.tsx';
import { useServerText } from '#web/i18n/hooks.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { downloadSticker, useReissueCode } from '../api/public-code.ts';

export interface QrStickerProps {
  unit: UnitDetails;
  /** Whether this user may re-issue the code (the policy table's `stickerManage`). */
  mayReissue: boolean;
  Section: (props: { title: string; children: ReactNode }) => ReactNode;
}

export function QrSticker({ unit, mayReissue, Section }: QrStickerProps) {
  const { t } = useTranslation('maintenance');
  const serverText = useServerText();
  const reissue = useReissueCode(unit.id);
  const [confirming, setConfirming] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  // The page on this computer's address, to try it while no PUBLIC_URL is set.
  const here = `${window.location.origin}${publicPath(unit.publicCode)}`;

  const download = async () => {
    setDownloading(true);
    setRefused(null);
    try {
      await downloadSticker(unit, t('qr.downloadFailed'));
    } catch (err) {
      setRefused(serverText(errorMessage(err, t('qr.downloadFailed'))) ?? null);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Section title={t('qr.title')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('qr.help')}
      </Typography>
      <Typography variant="body2">
        {t('qr.code')}:{' '}
        <Box component="span" data-testid="public-code" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {unit.publicCode}
        </Box>
      </Typography>
      {unit.publicUrl ? (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {t('qr.page')}:{' '}
          <Link href={unit.publicUrl} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all' }}>
            {unit.publicUrl}
          </Link>
        </Typography>
      ) : (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          {t('qr.noPublicUrl')}{' '}
          <Link href={here} target="_blank" rel="noopener noreferrer">
            {t('qr.tryHere')}
          </Link>
        </Alert>
      )}
      {refused && (
        <Alert severity="error" sx={{ mt: 1.5 }} onClose={() => setRefused(null)}>
          {refused}
        </Alert>
      )}
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mt: 2 }}>
        <Button
          variant="outlined"
          startIcon={downloading ? <CircularProgress size={18} color="inherit" /> : <FileDownloadOutlined />}
          disabled={downloading}
          onClick={() => void download()}
        >
          {t('qr.download')}
        </Button>
        {mayReissue && (
          <Button startIcon={<Autorenew />} color="warning" onClick={() => setConfirming(true)}>
            {t('qr.reissue')}
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('qr.reissueTitle')}
        message={t('qr.reissueMessage')}
        confirmLabel={t('qr.reissueConfirm')}
        destructive
        pending={reissue.isPending}
        onConfirm={() => reissue.mutate(undefined, { onSuccess: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
    </Section>
  );
}
