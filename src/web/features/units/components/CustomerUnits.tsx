/** The customer's installed units on the customer history page (issue 21): each links to its unit page. */

import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { hasCapability } from '#shared/domain/permissions.ts';
import { ExportButton } from '#web/components/export/ExportButton.tsx';
import { StickerPdfButton } from '#web/components/StickerPdfButton.tsx';
import { useFormat } from '#web/i18n/hooks.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useCustomerUnits } from '../api/customer-units.ts';
import { AddUnitDialog } from './AddUnitDialog.tsx';

const COLOR = { OVERDUE: 'error', DUE_SOON: 'warning', OK: 'success' } as const;

export function CustomerUnits({ customerId }: { customerId: string }) {
  const { t, ready } = useTranslation('maintenance');
  const format = useFormat();
  const units = useCustomerUnits(customerId);
  const { policyRole } = useAuth();
  const [adding, setAdding] = useState(false);
  if (!ready || !units.data) return null;
  // Customer editors record units (the server also lets a technician on one of their requests).
  const mayAdd = hasCapability(policyRole, 'customerManage');
  const items = units.data.items;
  return (
    <Box sx={{ mb: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Typography variant="h6" component="h2">
          {t('customerUnits.title')}
        </Typography>
        <Chip size="small" label={items.length} />
        {/* The customer's units as CSV or Excel (ADR 037), and their QR stickers to print (issue 36). */}
        <Stack
          direction="row"
          useFlexGap
          sx={{ ml: 'auto !important', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
        >
          {items.length > 0 && hasCapability(policyRole, 'stickerManage') && (
            <StickerPdfButton scope={{ customerId }} />
          )}
          {items.length > 0 && <ExportButton path={`/customers/${customerId}/units`} />}
        </Stack>
        {mayAdd && (
          <Button size="small" startIcon={<Add />} onClick={() => setAdding(true)} sx={{ minHeight: 44 }}>
            {t('addUnit.title')}
          </Button>
        )}
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
      {adding && <AddUnitDialog customerId={customerId} onClose={() => setAdding(false)} />}
    </Box>
  );
}
