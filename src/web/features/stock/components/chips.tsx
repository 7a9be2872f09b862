/**
 * The stock screens' statuses and kinds as chips: words and colour, never colour alone. Transfers:
 * REQUESTED amber, ISSUED blue, RECEIVED green, CANCELLED grey; purchases: DRAFT grey, RECEIVED
 * green, REVERSED red; a location: store or van.
 */
import LocalShipping from '@mui/icons-material/LocalShippingOutlined';
import Store from '@mui/icons-material/StoreOutlined';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { LocationKind, MovementKind, PurchaseStatus, TransferStatus } from '#shared/domain/stock.ts';

const TRANSFER_COLOR = {
  REQUESTED: 'warning',
  ISSUED: 'primary',
  RECEIVED: 'success',
  CANCELLED: 'default',
} as const satisfies Record<TransferStatus, string>;

const PURCHASE_COLOR = {
  DRAFT: 'default',
  RECEIVED: 'success',
  REVERSED: 'error',
} as const satisfies Record<PurchaseStatus, string>;

export function TransferStatusChip({ status }: { status: TransferStatus }) {
  const { t } = useTranslation('stock');
  return <Chip size="small" color={TRANSFER_COLOR[status]} label={t(`transferStatus.${status}`)} />;
}

export function PurchaseStatusChip({ status }: { status: PurchaseStatus }) {
  const { t } = useTranslation('stock');
  return <Chip size="small" color={PURCHASE_COLOR[status]} label={t(`purchaseStatus.${status}`)} />;
}

export function MovementKindChip({ kind, quantity }: { kind: MovementKind; quantity: number }) {
  const { t } = useTranslation('stock');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={quantity < 0 ? 'warning' : 'success'}
      label={t(`movementKind.${kind}`)}
    />
  );
}

export function LocationKindChip({ kind }: { kind: LocationKind }) {
  const { t } = useTranslation('stock');
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={kind === 'VAN' ? <LocalShipping fontSize="small" /> : <Store fontSize="small" />}
      label={t(`locationKind.${kind}`)}
    />
  );
}
