/** The Export button's menu and download (ExportButton.tsx loads this chunk). */
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '#shared/contracts/exports.ts';
import { useToast } from '#web/components/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { downloadFile } from '#web/lib/download.ts';
import type { ExportButtonProps } from './ExportButton.tsx';

export default function ExportMenu({ path, query = {}, labelKey }: ExportButtonProps) {
  const { t, ready } = useTranslation('exports');
  const toast = useToast();
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  if (!ready) return null;

  const download = async (format: ExportFormat) => {
    setAnchor(null);
    setBusy(true);
    try {
      const { page: _page, pageSize: _size, ...filters } = query;
      await downloadFile(path, { ...filters, format }, t('failed'));
    } catch (err) {
      toast.error(errorMessage(err, t('failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        id={`${id}-button`}
        variant="outlined"
        startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <FileDownloadOutlined />}
        aria-haspopup="menu"
        aria-controls={anchor ? `${id}-menu` : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        disabled={busy}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {busy ? t('preparing') : t(labelKey ?? 'button')}
      </Button>
      <Menu
        id={`${id}-menu`}
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': `${id}-button` } }}
      >
        <MenuItem onClick={() => void download('csv')}>{t('csv')}</MenuItem>
        <MenuItem onClick={() => void download('xlsx')}>{t('xlsx')}</MenuItem>
      </Menu>
    </>
  );
}
