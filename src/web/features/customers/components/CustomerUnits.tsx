/** The customer's installed units on the customer history page (issue 21): each links to its unit page. */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useFormat } from '#web/i18n/hooks.ts';
import { useCustomerUnits } from '#web/lib/queries/customer-units.ts';

const COLOR = { OVERDUE: 'error', DUE_SOON: 'warning', OK: 'success' } as const;

export function CustomerUnits({ customerId }: { customerId: string }) {
  const { t, ready } = useTranslation('maintenance');
  const format = useFormat();
  const units = useCustomerUnits(customerId);
  if (!ready || !units.data) return null;
  const items = units.data.items;
  return (
    <Box sx={{ mb: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Typography variant="h6" component="h2">
          {t('customerUnits.title')}
        </Typography>
        <Chip size="small" label={items.length} />
      </Stack>
      <Divider sx={{ mb: 2 }} />
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('customerUnits.empty')}
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 1.5 }}>
          {items.map((u) => (
            <Card key={u.id} variant="outlined">
              <CardActionArea component={RouterLink} to={`/units/${u.id}`} sx={{ minHeight: 44 }}>
                <CardContent>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                    <Typography sx={{ fontWeight: 600 }}>
                      {u.product.brand} {u.product.name}
                    </Typography>
                    {u.status === 'REMOVED' ? (
                      <Chip size="small" label={t('unit.removed')} />
                    ) : (
                      <Chip
                        size="small"
                        color={COLOR[u.state]}
                        variant={u.state === 'OK' ? 'outlined' : 'filled'}
                        label={t(`state.${u.state}`)}
                      />
                    )}
                  </Stack>
                  <Typography variant="body2" color="text.secondary">
                    {t('unit.serial')} {u.serialNumber} · {t('unit.installedOn')} {format.date(u.installedOn)}
                  </Typography>
                  {u.nextDueOn && (
                    <Typography variant="body2">
                      {t('customerUnits.nextDue', { date: format.date(u.nextDueOn) })}
                    </Typography>
                  )}
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Box>
      )}
    </Box>
  );
}
