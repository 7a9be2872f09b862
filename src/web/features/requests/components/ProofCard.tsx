/**
 * A completed request's proof on the details page (issue 35 item 1, ADR 047): the customer's
 * signature with their name and the time, or "Confirmed by one-time code to 98xxxxxx21 at …";
 * for work done without either, that none was recorded. Words from the `requests` catalogue.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { RequestDetails } from '#shared/contracts/service-requests.ts';
import { useFormat } from '#web/i18n/hooks.ts';
import { Section } from './DetailsSection.tsx';

export function ProofCard({ request: r }: { request: RequestDetails }) {
  const { t } = useTranslation('requests');
  const format = useFormat();
  const proof = r.proof ?? null;
  const done = r.status === 'WORK_COMPLETED' || r.status === 'COMPLETED';
  if (!proof && !done) return null;
  return (
    <Section title={t('details.proof.title')}>
      <Box data-testid="proof-card">
        {!proof ? (
          <Typography color="text.secondary">{t('details.proof.none')}</Typography>
        ) : proof.kind === 'SIGNATURE' ? (
          <>
            {proof.signatureUrl ? (
              <Box
                component="img"
                src={proof.signatureUrl}
                alt={t('details.proof.signatureAlt', { name: proof.signedBy ?? '' })}
                sx={{
                  display: 'block',
                  maxWidth: '100%',
                  width: 320,
                  height: 'auto',
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  bgcolor: '#ffffff',
                }}
              />
            ) : null}
            <Typography sx={{ mt: 1, fontWeight: 500 }}>
              {t('details.proof.signedBy', { name: proof.signedBy ?? '' })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('details.proof.signedAt', {
                time: format.dateTime(proof.confirmedAt),
                technician: proof.technician.name,
              })}
            </Typography>
          </>
        ) : (
          <Typography>
            {t('details.proof.otp', { phone: proof.phone ?? '', time: format.dateTime(proof.confirmedAt) })}
          </Typography>
        )}
      </Box>
    </Section>
  );
}
