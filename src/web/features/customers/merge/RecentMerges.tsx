/**
 * On a customer's page, the merges into them that can still be undone (issue 34, ADR 038): who
 * was merged in, when and by whom, until when, and Undo (asked first). Nothing when there are none.
 * A lazy chunk, shown only to those who may merge (customerMerge).
 */
import Undo from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MergeItem } from '#shared/contracts/customer-merge.ts';
import { ConfirmDialog } from '#web/components/ConfirmDialog.tsx';
import { useFormat } from '#web/i18n/hooks.ts';
import { useCustomerMerges } from '../api/customer-merges.ts';
import { useUndoMerge } from '../api/undo-merge.ts';

export default function RecentMerges({ customerId }: { customerId: string }) {
  const { t, ready } = useTranslation('merge');
  const format = useFormat();
  const merges = useCustomerMerges(customerId);
  const [undoing, setUndoing] = useState<MergeItem | null>(null);
  const undo = useUndoMerge({ onSuccess: () => setUndoing(null) });
  if (!ready || !merges.data || merges.data.length === 0) return null;
  const namesOf = (m: MergeItem) => m.merged.map((c) => c.name).join(', ');
  return (
    <Alert severity="info" sx={{ mb: 3 }} component="section" aria-label={t('recent.title')}>
      <AlertTitle>{t('recent.title')}</AlertTitle>
      <Stack spacing={1.5}>
        {merges.data.map((m) => (
          <Stack
            key={m.id}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
          >
            <div>
              <Typography variant="body2">
                {t('recent.line', {
                  names: namesOf(m),
                  date: format.dateTime(m.mergedAt),
                  by: m.mergedBy?.name ?? t('recent.someone'),
                })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('recent.until', { date: format.date(m.undoableUntil) })}
              </Typography>
            </div>
            <Button
              variant="outlined"
              color="inherit"
              startIcon={<Undo />}
              aria-label={t('recent.undoNamed', { names: namesOf(m) })}
              onClick={() => setUndoing(m)}
            >
              {t('undo')}
            </Button>
          </Stack>
        ))}
      </Stack>
      {undoing ? (
        <ConfirmDialog
          open
          title={t('recent.confirmTitle')}
          message={t('recent.confirmMessage', { names: namesOf(undoing) })}
          confirmLabel={t('undo')}
          pending={undo.isPending}
          onConfirm={() => undo.mutate(undoing.id)}
          onClose={() => setUndoing(null)}
        />
      ) : null}
    </Alert>
  );
}
