/**
 * The request's job sheet as a PDF (issue 35 item 3): GET /api/service-requests/:id/job-sheet.pdf,
 * downloaded with the session's token (lib/download.ts, fetched on the first click). A refusal
 * shows the server's words.
 */
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '#web/components/toast.tsx';
import { useServerText } from '#web/i18n/hooks.ts';
import { errorMessage } from '#web/lib/api-client.ts';

export function JobSheetButton({ requestId, ticketNumber }: { requestId: string; ticketNumber: string }) {
  const { t } = useTranslation('requests');
  const serverText = useServerText();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { downloadFile } = await import('#web/lib/download.ts');
      await downloadFile(
        `/service-requests/${requestId}/job-sheet.pdf`,
        {},
        t('details.jobSheetFailed'),
        `job-sheet-${ticketNumber}.pdf`,
      );
    } catch (err) {
      toast.error(serverText(errorMessage(err, t('details.jobSheetFailed'))) ?? t('details.jobSheetFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <FileDownloadOutlined />}
      disabled={busy}
      onClick={() => void download()}
    >
      {t('details.jobSheet')}
    </Button>
  );
}
