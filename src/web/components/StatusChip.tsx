/**
 * A request status as a chip (spec section 4: draft grey, pending warning, approved / work
 * completed / completed green, assigned info, in progress primary, rejected red; underscores
 * shown as spaces). <StatusChip status={request.status} size="small" />
 */
import Chip, { type ChipProps } from '@mui/material/Chip';
import { STATUS_COLOR, statusLabel } from '#shared/domain/format.ts';
import type { RequestStatus } from '#shared/domain/workflow.ts';

export interface StatusChipProps {
  status: RequestStatus | string;
  size?: ChipProps['size'];
  variant?: ChipProps['variant'];
}

export function statusColor(status: string): NonNullable<ChipProps['color']> {
  return (STATUS_COLOR as Record<string, NonNullable<ChipProps['color']>>)[status] ?? 'default';
}

export function StatusChip({ status, size = 'small', variant = 'filled' }: StatusChipProps) {
  return <Chip label={statusLabel(status)} color={statusColor(status)} size={size} variant={variant} />;
}
