/**
 * A customer's messages (issue 35 item 5) on their page: the language their WhatsApp and SMS
 * messages go in, and their consent per channel with when and where it was last set ("Agreed at
 * the office on 28 Nov 2026"). Those who manage customers turn it on or off here: a switch saves
 * at once (PUT /customers/{id}/consent, source OFFICE); everyone else reads it.
 */
import Sms from '@mui/icons-material/SmsOutlined';
import WhatsApp from '@mui/icons-material/WhatsApp';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerItem } from '#shared/contracts/customers.ts';
import { INTL_TAG, LOCALE_NAMES } from '#shared/i18n/locales.ts';
import { useLocale } from '#web/i18n/hooks.ts';
import { useSetConsent } from '../api/set-consent.ts';

/** "28 Nov 2026": the day consent was set, always with its year, in IST. */
function fullDate(iso: string, tag: string): string {
  return new Intl.DateTimeFormat(tag, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(iso));
}

function ChannelRow({
  icon,
  label,
  checked,
  editable,
  pending,
  onChange,
}: {
  icon: ReactElement;
  label: string;
  checked: boolean;
  editable: boolean;
  pending: boolean;
  onChange: (value: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minHeight: 44 }}>
      <Box sx={{ color: 'text.secondary', display: 'flex' }}>{icon}</Box>
      {editable ? (
        <FormControlLabel
          control={<Switch checked={checked} disabled={pending} onChange={(e) => onChange(e.target.checked)} />}
          label={label}
          labelPlacement="start"
          sx={{ ml: 0, mr: 0, flexGrow: 1, justifyContent: 'space-between', minHeight: 44 }}
        />
      ) : (
        <Typography sx={{ flexGrow: 1 }}>
          {label}:{' '}
          <Box component="span" sx={{ fontWeight: 600 }}>
            {checked ? t('customers.consent.yes') : t('customers.consent.no')}
          </Box>
        </Typography>
      )}
    </Stack>
  );
}

export function MessagesConsentCard({ customer, editable }: { customer: CustomerItem; editable: boolean }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const set = useSetConsent(customer.id);
  const { consent } = customer;
  const change = (channel: 'whatsapp' | 'sms', value: boolean) =>
    set.mutate({
      whatsapp: channel === 'whatsapp' ? value : consent.whatsapp,
      sms: channel === 'sms' ? value : consent.sms,
      source: 'OFFICE',
    });
  const agreed = consent.whatsapp || consent.sms;
  const lastSet =
    consent.at && consent.source
      ? t(`customers.consent.${agreed ? 'agreed' : 'withdrawn'}.${consent.source}`, {
          date: fullDate(consent.at, INTL_TAG[locale]),
        })
      : t('customers.consent.never');

  return (
    <Card variant="outlined" sx={{ mb: 3 }} component="section" aria-labelledby={`consent-${customer.id}`}>
      <CardContent>
        <Typography variant="h6" component="h2" id={`consent-${customer.id}`} sx={{ mb: 1 }}>
          {t('customers.consent.title')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('customers.consent.language')}:{' '}
          <Box component="span" lang={customer.language} sx={{ fontWeight: 600 }}>
            {LOCALE_NAMES[customer.language]}
          </Box>
        </Typography>
        <Box sx={{ maxWidth: 420 }}>
          <ChannelRow
            icon={<WhatsApp fontSize="small" />}
            label={t('customers.consent.whatsapp')}
            checked={consent.whatsapp}
            editable={editable}
            pending={set.isPending}
            onChange={(v) => change('whatsapp', v)}
          />
          <ChannelRow
            icon={<Sms fontSize="small" />}
            label={t('customers.consent.sms')}
            checked={consent.sms}
            editable={editable}
            pending={set.isPending}
            onChange={(v) => change('sms', v)}
          />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="consent-last-set">
          {lastSet}
        </Typography>
        {!agreed ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('customers.consent.noneHint')}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}
