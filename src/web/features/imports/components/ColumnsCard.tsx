/**
 * The file's columns (step 2): each with the field it is read as, a select to change it, and the
 * first rows of the file as read (the preview), row numbers as the spreadsheet shows them.
 */
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ImportResult } from '#shared/contracts/imports.ts';
import { Section } from './Section.tsx';

const LEAVE_OUT = '-';

export function ColumnsCard({
  report,
  mapping,
  disabled,
  onChange,
}: {
  report: ImportResult;
  mapping: Record<string, string>;
  disabled: boolean;
  onChange: (header: string, field: string) => void;
}) {
  const { t } = useTranslation('imports');
  const labelOf = (field: string) => report.fields.find((f) => f.field === field)?.label ?? field;
  return (
    <Section title={t('step.columns')}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('columnsHint')}
      </Typography>
      <TableContainer sx={{ mb: 3 }}>
        <Table size="small" aria-label={t('columnsTable')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('fileColumn')}</TableCell>
              <TableCell>{t('readAs')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('example')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.columns.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the file's columns, in order (two may share a header)
              <TableRow key={`${i}:${c.header}`}>
                <TableCell sx={{ fontWeight: 500 }}>{c.header || t('untitled', { n: i + 1 })}</TableCell>
                <TableCell sx={{ minWidth: 200 }}>
                  <TextField
                    select
                    size="small"
                    fullWidth
                    disabled={disabled}
                    label={t('readAsFor', { header: c.header || t('untitled', { n: i + 1 }) })}
                    value={mapping[c.header] === '' ? LEAVE_OUT : (c.field ?? LEAVE_OUT)}
                    onChange={(e) => onChange(c.header, e.target.value === LEAVE_OUT ? '' : e.target.value)}
                  >
                    <MenuItem value={LEAVE_OUT}>{t('leaveOut')}</MenuItem>
                    {report.fields.map((f) => (
                      <MenuItem key={f.field} value={f.field}>
                        {f.required ? t('requiredField', { label: f.label }) : f.label}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, color: 'text.secondary' }}>
                  {report.preview[0]?.cells[i] ?? ''}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>

      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('preview', { rows: report.preview.length })}
      </Typography>
      <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }} tabIndex={0} aria-label={t('previewTable')}>
        <Table size="small" aria-label={t('previewTable')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('row')}</TableCell>
              {report.columns.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the file's columns, in order (two may share a header)
                <TableCell key={`${i}:${c.header}`} sx={{ whiteSpace: 'nowrap' }}>
                  {c.field ? labelOf(c.field) : <s>{c.header}</s>}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {report.preview.map((r) => (
              <TableRow key={r.row}>
                <TableCell>{r.row}</TableCell>
                {r.cells.map((cell, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order
                  <TableCell key={i} sx={{ whiteSpace: 'nowrap' }}>
                    {cell}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Section>
  );
}
