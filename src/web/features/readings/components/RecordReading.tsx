/**
 * The technician's water readings on a job (issue 36): TDS in and out (mg/L), and optionally pH
 * and hardness, typed on the phone (large decimal inputs, 44 px and more to tap), checked in the
 * browser by the contract's bounds (reading-form.ts) and saved through the offline queue
 * (api/record-reading.ts), so a reading taken without signal arrives once. After saving: the toast,
 * and the reading's rejection with a warning when it breaks IS 10500 (TDS out above 500 mg/L, pH
 * outside 6.5-8.5) or the membrane rejects too little. Shown on the task while it is ASSIGNED or
 * IN_PROGRESS (the requests feature's `readings` slot, composed by app/pages/RequestDetailsPage.tsx).
 * Words from the `readings` catalogue (on demand).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Science from '@mui/icons-material/ScienceOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ComponentType, type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  PH_RANGE,
  READING_FLAGS,
  REJECTION_FAILING_PERCENT,
  readingFlags,
  rejectionPercent,
  TDS_ACCEPTABLE_LIMIT,
} from '#shared/contracts/readings.ts';
import { useFormat } from '#web/i18n/hooks.ts';
import { type ReadingValues, useRecordReading } from '../api/record-reading.ts';
import { EMPTY_READING, messageKeyOf, type ReadingFormValues, readingForm } from '../reading-form.ts';

/** The card the form sits in (the details page's Section). */
export type ReadingSection = ComponentType<{ title: string; children: ReactNode }>;

/** Big digits for a thumb on site. */
const BIG_INPUT = { '& .MuiInputBase-input': { fontSize: 20, py: 1.5, minHeight: 28 } } as const;

export function RecordReading({ requestId, Section }: { requestId: string; Section: ReadingSection }) {
  const { t, ready } = useTranslation('readings');
  const [saved, setSaved] = useState<ReadingValues | null>(null);
  const form = useForm<ReadingFormValues, unknown, ReadingValues>({
    resolver: zodResolver(readingForm),
    defaultValues: EMPTY_READING,
  });
  const record = useRecordReading(requestId, (_queued, values) => {
    setSaved(values);
    form.reset(EMPTY_READING);
  });
  if (!ready) return null;

  const errors = form.formState.errors;
  const field = (name: keyof ReadingFormValues, label: string, optional = false) => {
    const message = errors[name]?.message;
    const key = messageKeyOf(message);
    const error = key ? t(key) : message;
    const { ref, ...rest } = form.register(name);
    return (
      <TextField
        {...rest}
        inputRef={ref}
        label={label}
        fullWidth
        autoComplete="off"
        error={error !== undefined}
        helperText={error ?? (optional ? t('form.optional') : ' ')}
        sx={BIG_INPUT}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
    );
  };

  return (
    <Section title={t('form.title')}>
      <Box
        component="form"
        noValidate
        aria-label={t('form.title')}
        onSubmit={form.handleSubmit((values) => {
          setSaved(null);
          record.mutate(values);
        })}
      >
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, rowGap: 0.5 }}>
          {field('tdsIn', t('form.tdsIn'))}
          {field('tdsOut', t('form.tdsOut'))}
          {field('ph', t('form.ph'), true)}
          {field('hardness', t('form.hardness'), true)}
        </Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          startIcon={<Science />}
          disabled={record.isPending}
          sx={{ width: '100%', minHeight: 52, fontSize: 17, mt: 1 }}
        >
          {record.isPending ? t('form.saving') : t('form.save')}
        </Button>
      </Box>
      {saved ? <SavedReading reading={saved} /> : null}
    </Section>
  );
}

/** The reading just saved: its rejection, and what it breaks of IS 10500. */
function SavedReading({ reading }: { reading: ReadingValues }) {
  const { t } = useTranslation('readings');
  const format = useFormat();
  const percent = rejectionPercent(reading.tdsIn, reading.tdsOut);
  const flags = readingFlags({ tdsOut: reading.tdsOut, ph: reading.ph ?? null });
  const lowRejection = percent !== null && percent < REJECTION_FAILING_PERCENT;
  const warnings = [
    ...READING_FLAGS.filter((f) => flags.includes(f)).map((f) =>
      f === 'TDS_OUT_HIGH'
        ? t('result.tdsHigh', { limit: TDS_ACCEPTABLE_LIMIT })
        : t('result.phOut', { min: format.number(PH_RANGE.min), max: format.number(PH_RANGE.max) }),
    ),
    ...(lowRejection ? [t('result.lowRejection', { limit: REJECTION_FAILING_PERCENT })] : []),
  ];
  return (
    <Alert severity={warnings.length > 0 ? 'warning' : 'success'} sx={{ mt: 2 }} data-testid="reading-result">
      <Typography sx={{ fontWeight: 600, fontSize: 18 }}>
        {percent === null ? t('result.noRejection') : t('result.rejection', { percent: format.number(percent) })}
      </Typography>
      {warnings.length === 0 ? (
        <Typography variant="body2">{t('result.ok')}</Typography>
      ) : (
        warnings.map((w) => (
          <Typography key={w} variant="body2">
            {w}
          </Typography>
        ))
      )}
    </Alert>
  );
}
