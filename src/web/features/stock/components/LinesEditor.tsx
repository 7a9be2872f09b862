/**
 * A transfer's lines as a form edits them: a part and a quantity each, one more with "Add part",
 * one fewer with its remove button (at least one stays). Errors come by path ('lines.0.quantity').
 */
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { MAX_STOCK_LINES } from '#shared/domain/stock.ts';
import type { FieldErrors } from './field-text.ts';
import { useFieldText } from './field-text.ts';
import { type PartChoice, PartPicker } from './PartPicker.tsx';

export interface LineDraft {
  /** A stable key for React while lines come and go. */
  key: number;
  part: PartChoice | null;
  quantity: string;
}

let nextKey = 1;
export const newLine = (part: PartChoice | null = null, quantity = '1'): LineDraft => ({
  key: nextKey++,
  part,
  quantity,
});

/** The lines as the API takes them (a blank part is sent as '' and refused by the contract). */
export const apiLines = (lines: LineDraft[]) =>
  lines.map((l) => ({ partId: l.part?.id ?? '', quantity: l.quantity.trim() }));

export interface LinesEditorProps {
  lines: LineDraft[];
  onChange: (lines: LineDraft[]) => void;
  errors: FieldErrors;
}

export function LinesEditor({ lines, onChange, errors }: LinesEditorProps) {
  const { t } = useTranslation('stock');
  const fieldText = useFieldText();
  const update = (key: number, patch: Partial<LineDraft>) =>
    onChange(lines.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  return (
    <Stack spacing={2}>
      {lines.map((line, i) => (
        <Stack
          key={line.key}
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
        >
          <PartPicker
            label={t('lines.part', { n: i + 1 })}
            value={line.part}
            onChange={(part) => update(line.key, { part })}
            required
            error={!!errors[`lines.${i}.partId`]}
            helperText={fieldText(errors[`lines.${i}.partId`])}
            sx={{ flex: 1, minWidth: { xs: '100%', sm: 0 } }}
          />
          <TextField
            label={t('lines.quantity')}
            required
            value={line.quantity}
            onChange={(e) => update(line.key, { quantity: e.target.value })}
            error={!!errors[`lines.${i}.quantity`]}
            helperText={fieldText(errors[`lines.${i}.quantity`])}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': t('lines.quantityOf', { n: i + 1 }) } }}
            sx={{ width: { xs: 'calc(100% - 52px)', sm: 110 } }}
          />
          <IconButton
            aria-label={t('lines.remove', { n: i + 1 })}
            onClick={() => onChange(lines.filter((l) => l.key !== line.key))}
            disabled={lines.length === 1}
            sx={{ mt: 0.5 }}
          >
            <DeleteOutline />
          </IconButton>
        </Stack>
      ))}
      {errors.lines ? <FormHelperText error>{fieldText(errors.lines)}</FormHelperText> : null}
      <Button
        startIcon={<Add />}
        onClick={() => onChange([...lines, newLine()])}
        disabled={lines.length >= MAX_STOCK_LINES}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('lines.add')}
      </Button>
    </Stack>
  );
}
