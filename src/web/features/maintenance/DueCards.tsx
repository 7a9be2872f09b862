/**
 * The due list on a phone (issue 21): one card per unit instead of the table, so nothing scrolls
 * sideways at 360 px. Each card: the state and the earliest due date, the customer (a link to the
 * customer), the purifier (a link to the unit), the due parts, the cover, and buttons to call the
 * customer and to open the request already raised. Every link and button is at least 44 px tall and in the tab order.
 */
import Phone from '@mui/icons-material/PhoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { DueItem } from '#shared/contracts/maintenance.ts';
import { formatPhone, telHref } from '#shared/domain/phone.ts';
import { type Paging, TablePager } from '#web/components/DataTable.tsx';
import { DueStateChip } from '#web/components/DueStateChip.tsx';
import { EmptyState } from '#web/components/EmptyState.tsx';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { Loading } from '#web/components/Loading.tsx';
import { useFormat } from '#web/i18n/hooks.ts';

/** A tap target a thumb can hit (WCAG 2.5.5: 44 × 44 CSS px). */
const TAP = { minHeight: 44 } as const;

export function DueCards({
  rows,
  total,
  paging,
  loading,
  error,
  onRetry,
  label,
}: {
  rows: DueItem[] | undefined;
  total: number | undefined;
  paging: Paging;
  loading: boolean;
  error: string | null | false | undefined;
  onRetry: () => void;
  label: string;
}) {
  const { t } = useTranslation('maintenance');
  const format = useFormat();
  const list = rows ?? [];
  const partName = (name: string) => (name === 'AMC visit' ? t('unit.amcVisit') : name);
  if (error) return <ErrorAlert message={error} onRetry={onRetry} retrying={loading} />;
  if (loading && list.length === 0) return <Loading />;
  if (list.length === 0) {
    return (
      <Paper variant="outlined">
        <EmptyState message={t('due.empty')} />
      </Paper>
    );
  }
  return (
    <Box>
      <Stack component="ul" aria-label={label} spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {list.map((r) => (
          <Card component="li" key={r.unitId} variant="outlined">
            <CardContent sx={{ p: 2, '&:last-child': { pb: 1.5 } }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
                <DueStateChip state={r.state} />
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t('due.dueOnDate', { date: format.date(r.nextDueOn) })}
                </Typography>
              </Stack>
              <Link
                component={RouterLink}
                to={`/customers/${r.customer.id}`}
                sx={{ ...TAP, display: 'flex', alignItems: 'center', fontWeight: 600, fontSize: 17 }}
              >
                {r.customer.name}
              </Link>
              <Link
                component={RouterLink}
                to={`/units/${r.unitId}`}
                variant="body2"
                sx={{ ...TAP, display: 'flex', alignItems: 'center' }}
              >
                {r.product.brand} {r.product.name}
              </Link>
              <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                {t('unit.serial')} {r.serialNumber} · {r.customer.regionName}
              </Typography>
              <Typography variant="body2" sx={{ mt: 1 }}>
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {t('due.parts')}:
                </Box>{' '}
                {r.dueParts.map((p) => partName(p.name)).join(', ')}
              </Typography>
              <Box sx={{ mt: 1 }}>
                {r.contract ? (
                  <Chip size="small" variant="outlined" label={t(`contractType.${r.contract.type}`)} />
                ) : (
                  <Chip size="small" color="warning" variant="outlined" label={t('due.chargeable')} />
                )}
              </Box>
              <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
                <Button
                  variant="outlined"
                  size="small"
                  startIcon={<Phone />}
                  href={telHref(r.customer.primaryPhone)}
                  aria-label={t('due.call', { name: r.customer.name, phone: formatPhone(r.customer.primaryPhone) })}
                  sx={TAP}
                >
                  {formatPhone(r.customer.primaryPhone)}
                </Button>
                {r.openRequestId ? (
                  <Button
                    variant="outlined"
                    size="small"
                    component={RouterLink}
                    to={`/service-requests/${r.openRequestId}`}
                    sx={TAP}
                  >
                    {t('due.openRequest')}
                  </Button>
                ) : null}
              </Stack>
            </CardContent>
          </Card>
        ))}
      </Stack>
      <Paper variant="outlined" sx={{ mt: 1.5 }}>
        <TablePager total={total ?? list.length} paging={paging} />
      </Paper>
    </Box>
  );
}
