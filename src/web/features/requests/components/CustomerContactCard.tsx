/**
 * The assigned technician's first card on a task (ADR 020): who the customer is, where (the address
 * opens Google Maps; 'Navigate to Location' gives directions when coordinates are saved) and how to
 * call them (every number a `tel:` link, formatted the Indian way). Words from the `technician` catalogue.
 */
import Call from '@mui/icons-material/Call';
import Directions from '@mui/icons-material/Directions';
import Place from '@mui/icons-material/PlaceOutlined';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { RequestDetails } from '#shared/contracts/service-requests.ts';
import { formatPhone, telHref } from '#shared/domain/phone.ts';
import { customerLocationOf, Section } from './DetailsSection.tsx';

/** A Google Maps search for an address (opens the Maps app on a phone). */
export function mapsSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** Google Maps directions to saved coordinates. */
export function mapsDirectionsUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${latitude},${longitude}`;
}

/** The customer's numbers, primary first, each once. */
export function phonesOf(r: RequestDetails): string[] {
  return [...new Set([r.customer.primaryPhone, ...r.customer.phoneNumbers].filter(Boolean))];
}

export function CustomerContactCard({ request: r }: { request: RequestDetails }) {
  const { t } = useTranslation('technician');
  const location = customerLocationOf(r);
  return (
    <Section title={t('contact.title')}>
      <Typography sx={{ fontWeight: 600, fontSize: 18 }}>{r.customer.name}</Typography>
      <Link
        href={mapsSearchUrl(r.customer.address)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('contact.openInMaps', { address: r.customer.address })}
        sx={{ display: 'inline-flex', alignItems: 'flex-start', gap: 0.5, minHeight: 44, py: 1 }}
      >
        <Place fontSize="small" sx={{ mt: 0.25 }} aria-hidden />
        {r.customer.address}
      </Link>
      <Stack spacing={1} sx={{ mt: 1 }}>
        {phonesOf(r).map((phone) => (
          <Button
            key={phone}
            variant="outlined"
            startIcon={<Call />}
            href={telHref(phone)}
            aria-label={t('contact.call', { phone: formatPhone(phone) })}
            sx={{ justifyContent: 'flex-start', fontSize: 16 }}
          >
            {formatPhone(phone)}
          </Button>
        ))}
        {location ? (
          <Button
            variant="outlined"
            startIcon={<Directions />}
            href={mapsDirectionsUrl(location.latitude, location.longitude)}
            target="_blank"
            rel="noopener noreferrer"
            sx={{ justifyContent: 'flex-start' }}
          >
            {t('contact.navigate')}
          </Button>
        ) : null}
      </Stack>
    </Section>
  );
}
