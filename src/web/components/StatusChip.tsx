/**
 * A request status as a chip (spec section 4: draft grey, pending warning, approved / work
 * completed / completed green, assigned info, in progress primary, rejected red; underscores
 * shown as spaces; in the app's language). <StatusChip status={request.status} size="small" />
 */
import Chip, { type ChipProps } from '@mui/material/Chip';
import { STATUS_COLOR } from '#shared/domain/format.ts';
import type { RequestStatus } from '#shared/domain/workflow.ts';
import { useRequestLabels } from '#web/i18n/request-labels.ts';

export interface StatusChipProps {
  status: RequestStatus | string;
  size?: ChipProps['size'];
  variant?: ChipProps['variant'];
}

export function statusColor(status: string): NonNullable<ChipProps['color']> {
  return (STATUS_COLOR as Record<string, NonNullable<ChipProps['color']>>)[status] ?? 'default';
}

export function StatusChip({ status, size = 'small', variant = 'filled' }: StatusChipProps) {
  const labels = useRequestLabels();
  return <Chip label={labels.status(status)} color={statusColor(status)} size={size} variant={variant} />;
}
