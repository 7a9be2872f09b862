/**
 * Customers already in AquaDesk (matched by phone or external id): one choice for all of them,
 * and each row's own (skip, update the customer, or create a new one anyway).
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
import { DUPLICATE_CHOICES, type DuplicateChoice, type ImportResult } from '#shared/contracts/imports.ts';
import { formatPhone } from '#shared/domain/phone.ts';
import { useFormat } from '#web/i18n/hooks.ts';
import { Section } from './Section.tsx';

/** Rows shown one by one; past these the choice for all applies. */
const ROWS_SHOWN = 200;

export function DuplicatesCard({
  report,
  onDuplicate,
  choices,
  onChangeAll,
  onChangeRow,
}: {
  report: ImportResult;
  onDuplicate: DuplicateChoice;
  choices: Record<string, DuplicateChoice>;
  onChangeAll: (choice: DuplicateChoice) => void;
  onChangeRow: (row: number, choice: DuplicateChoice) => void;
}) {
  const { t } = useTranslation('imports');
  const n = useFormat().number;
  return (
    <Section title={t('step.duplicates')}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('duplicatesHint', { rows: n(report.duplicates.length) })}
      </Typography>
      <TextField
        select
        size="small"
        label={t('onDuplicate')}
        value={onDuplicate}
        onChange={(e) => onChangeAll(e.target.value as DuplicateChoice)}
        sx={{ mb: 2, minWidth: 280 }}
      >
        {DUPLICATE_CHOICES.map((c) => (
          <MenuItem key={c} value={c}>
            {t(`choice.${c}`)}
          </MenuItem>
        ))}
      </TextField>
      <TableContainer>
        <Table size="small" aria-label={t('duplicatesTable')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('row')}</TableCell>
              <TableCell>{t('existing')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('matchedBy')}</TableCell>
              <TableCell>{t('choiceColumn')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.duplicates.slice(0, ROWS_SHOWN).map((d) => (
              <TableRow key={d.row}>
                <TableCell>{d.row}</TableCell>
                <TableCell>
                  {d.name}
                  <Typography variant="body2" color="text.secondary">
                    {formatPhone(d.primaryPhone)}
                  </Typography>
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t(`reason.${d.reason}`)}</TableCell>
                <TableCell sx={{ minWidth: 200 }}>
                  <TextField
                    select
                    size="small"
                    fullWidth
                    label={t('choiceFor', { row: d.row })}
                    value={choices[String(d.row)] ?? d.choice}
                    onChange={(e) => onChangeRow(d.row, e.target.value as DuplicateChoice)}
                  >
                    {DUPLICATE_CHOICES.map((c) => (
                      <MenuItem key={c} value={c}>
                        {t(`choice.${c}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Section>
  );
}
