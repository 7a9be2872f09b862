/**
 * Step 3: the check's verdict. Every row ready, or each error by row and column (the first
 * ERRORS_SHOWN here; the file with an Errors column holds them all) and the download of that file.
 */
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ImportResult } from '#shared/contracts/imports.ts';
import { useFormat } from '#web/i18n/hooks.ts';
import { Section } from './Section.tsx';

const ERRORS_SHOWN = 200;

export function RowErrorsCard({
  report,
  downloading,
  onDownload,
}: {
  report: ImportResult;
  downloading: boolean;
  onDownload: () => void;
}) {
  const { t } = useTranslation('imports');
  const n = useFormat().number;
  const bad = report.rows - report.valid;
  return (
    <Section title={t('step.rows')}>
      <Typography sx={{ mb: 2 }} role="status">
        {t('summary', { rows: n(report.rows), valid: n(report.valid), bad: n(bad) })}
      </Typography>
      {report.errorCount === 0 ? (
        <Alert severity="success">{t('allGood')}</Alert>
      ) : (
        <>
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('fixHint')}
          </Alert>
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            disabled={downloading}
            onClick={onDownload}
            sx={{ mb: 2 }}
          >
            {t('downloadErrors')}
          </Button>
          <TableContainer>
            <Table size="small" aria-label={t('errorsTable')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('row')}</TableCell>
                  <TableCell>{t('column')}</TableCell>
                  <TableCell>{t('message')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {report.errors.slice(0, ERRORS_SHOWN).map((e, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row may have several errors in one column
                  <TableRow key={`${e.row}:${e.column}:${i}`}>
                    <TableCell>{e.row}</TableCell>
                    <TableCell>{e.column}</TableCell>
                    <TableCell>{e.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {report.errorCount > ERRORS_SHOWN ? (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t('moreErrors', { rows: n(report.errorCount - ERRORS_SHOWN) })}
            </Typography>
          ) : null}
        </>
      )}
    </Section>
  );
}
