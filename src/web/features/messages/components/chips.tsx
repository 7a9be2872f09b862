/**
 * A message's status and channel as chips: text and colour, never colour alone (QUEUED grey,
 * SENT blue, DELIVERED green, FAILED red, SKIPPED amber; WhatsApp and SMS with their icons).
 */
import Sms from '@mui/icons-material/SmsOutlined';
import WhatsApp from '@mui/icons-material/WhatsApp';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { MessageChannel, MessageStatus } from '#shared/domain/messages.ts';

const STATUS_COLOR = {
  QUEUED: 'default',
  SENT: 'primary',
  DELIVERED: 'success',
  FAILED: 'error',
  SKIPPED: 'warning',
} as const satisfies Record<MessageStatus, string>;

export function MessageStatusChip({ status }: { status: MessageStatus }) {
  const { t } = useTranslation('messages');
  return <Chip size="small" color={STATUS_COLOR[status]} label={t(`status.${status}`)} />;
}

export function ChannelChip({ channel }: { channel: MessageChannel }) {
  const { t } = useTranslation('messages');
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={channel === 'WHATSAPP' ? <WhatsApp fontSize="small" /> : <Sms fontSize="small" />}
      label={t(`channel.${channel}`)}
    />
  );
}
