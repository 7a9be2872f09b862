/** A unit's or part's due state (issue 21) as a chip: OVERDUE red, DUE_SOON amber, OK green (text and colour, not colour alone). */
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { DueState } from '#shared/domain/maintenance.ts';

const COLOR = { OVERDUE: 'error', DUE_SOON: 'warning', OK: 'success' } as const;

export function DueStateChip({ state }: { state: DueState }) {
  const { t } = useTranslation('maintenance');
  return (
    <Chip
      size="small"
      color={COLOR[state]}
      variant={state === 'OK' ? 'outlined' : 'filled'}
      label={t(`state.${state}`)}
    />
  );
}
