/**
 * The merge's confirmation (ADR 038): what moves to the customer kept, counted from the group's
 * answer ("Merge 2 customers into Priya Raman: 5 requests, 2 units, 1 contract move."), and that
 * every phone number is kept and the merge can be undone.
 */
import DialogContentText from '@mui/material/DialogContentText';
import { useTranslation } from 'react-i18next';
import { type DuplicateMember, MERGE_UNDO_DAYS } from '#shared/contracts/customer-merge.ts';
import { ConfirmDialog } from '#web/components/ConfirmDialog.tsx';
import { useFormat } from '#web/i18n/hooks.ts';

export interface MergeDialogProps {
  survivor: DuplicateMember;
  duplicates: DuplicateMember[];
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** What moves: the duplicates' requests, units and contracts, summed. */
export function movesOf(duplicates: readonly DuplicateMember[]) {
  return duplicates.reduce(
    (n, d) => ({
      requests: n.requests + d.counts.requests,
      units: n.units + d.counts.units,
      contracts: n.contracts + d.counts.contracts,
    }),
    { requests: 0, units: 0, contracts: 0 },
  );
}

export function MergeDialog({ survivor, duplicates, pending, onConfirm, onClose }: MergeDialogProps) {
  const { t } = useTranslation('merge');
  const format = useFormat();
  const moves = movesOf(duplicates);
  const counted = (key: 'requests' | 'units' | 'contracts') =>
    t(`count.${key}`, { count: moves[key], n: format.number(moves[key]) });
  const sentence = t('confirm.sentence', {
    lead: t('confirm.lead', { count: duplicates.length, n: format.number(duplicates.length), name: survivor.name }),
    requests: counted('requests'),
    units: counted('units'),
    contracts: counted('contracts'),
  });
  return (
    <ConfirmDialog
      open
      title={t('confirm.title')}
      message={
        <>
          <DialogContentText sx={{ mb: 1.5 }}>{sentence}</DialogContentText>
          <DialogContentText>{t('confirm.phones', { days: MERGE_UNDO_DAYS })}</DialogContentText>
        </>
      }
      confirmLabel={t('confirm.action')}
      pending={pending}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
