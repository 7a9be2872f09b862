/** The dashboard's maintenance counts (issue 21) for the roles that see maintenance: due this week, overdue, AMCs ending in 30 days. */
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { hasCapability } from '#shared/domain/permissions.ts';
import { useFormat } from '#web/i18n/hooks.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useMaintenanceCounts } from './api/due.ts';

export default function MaintenanceCards() {
  const { policyRole } = useAuth();
  const sees = hasCapability(policyRole, 'maintenance');
  const { t, ready } = useTranslation('maintenance');
  const format = useFormat();
  const counts = useMaintenanceCounts(sees);
  if (!sees || !ready || !counts.data) return null;
  const cards = [
    { key: 'dueThisWeek', value: counts.data.dueThisWeek, color: 'warning.main' },
    { key: 'overdue', value: counts.data.overdue, color: 'error.main' },
    { key: 'amcExpiring', value: counts.data.amcExpiring, color: 'info.main' },
  ] as const;
  return (
    <section aria-label={t('cards.label')}>
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1.5 }}>
        {t('cards.label')}
      </Typography>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: 16 }}>
        {cards.map((c) => (
          <Card key={c.key} variant="outlined">
            <CardActionArea component={RouterLink} to="/maintenance" sx={{ minHeight: 44 }}>
              <CardContent>
                <Typography variant="body2" color="text.secondary">
                  {t(`cards.${c.key}`)}
                </Typography>
                <Typography variant="h4" component="p" sx={{ color: c.color, fontWeight: 600 }}>
                  {format.number(c.value)}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </div>
    </section>
  );
}
