/**
 * The parts a request's visit used (issue 37 item 3), on its details: each part, its quantity,
 * its price (₹, Indian grouping) and who pays: "Covered by AMC" (the unit's active contract
 * includes parts) or "Chargeable" at the sale price of that day; then the chargeable total. A
 * free-text spare part has no price. A table from sm up, a list on a phone.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestPartItem } from '#shared/contracts/stock.ts';
import { useFormat } from '#web/i18n/hooks.ts';

/** What the customer pays for a line, in paise (null: no price, a free-text part). */
export function chargeOf(p: RequestPartItem): number | null {
  if (p.covered) return 0;
  return p.pricePaise === null ? null : p.pricePaise * p.quantity;
}

export function RequestPartsUsed({
  parts,
  Section,
}: {
  parts: RequestPartItem[];
  Section: ComponentType<{ title: string; children: ReactNode }>;
}) {
  const { t, ready } = useTranslation('van');
  const format = useFormat();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  if (!ready || parts.length === 0) return null;
  const rupees = (paise: number | null) => (paise === null ? t('used.noPrice') : format.rupees(paise / 100));
  const payer = (p: RequestPartItem) => (
    <Chip
      size="small"
      variant="outlined"
      color={p.covered ? 'success' : 'default'}
      label={p.covered ? t('used.covered') : t('used.chargeable')}
    />
  );
  // A free-text part has no id: its place in the server's order tells two alike apart.
  const rows = parts.map((p, i) => ({ p, key: `${p.partId ?? p.name}#${i}` }));
  const total = parts.reduce((sum, p) => sum + (chargeOf(p) ?? 0), 0);
  const name = (p: RequestPartItem) => (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>
        {p.name}
      </Typography>
      {p.sku ? (
        <Typography variant="caption" color="text.secondary">
          {p.sku}
        </Typography>
      ) : null}
    </>
  );

  return (
    <Section title={t('used.title')}>
      {phone ? (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="parts-used">
          {rows.map(({ p, key }) => (
            <Box component="li" key={key} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
              {name(p)}
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, mt: 0.5 }}>
                <Typography variant="body2">
                  {t('used.line', { n: format.number(p.quantity), price: rupees(p.pricePaise) })}
                </Typography>
                {payer(p)}
              </Box>
            </Box>
          ))}
        </Box>
      ) : (
        <Table size="small" data-testid="parts-used">
          <TableHead>
            <TableRow>
              <TableCell>{t('used.part')}</TableCell>
              <TableCell align="right">{t('used.quantity')}</TableCell>
              <TableCell align="right">{t('used.price')}</TableCell>
              <TableCell>{t('used.payer')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map(({ p, key }) => (
              <TableRow key={key}>
                <TableCell>{name(p)}</TableCell>
                <TableCell align="right">{format.number(p.quantity)}</TableCell>
                <TableCell align="right">{rupees(p.pricePaise)}</TableCell>
                <TableCell>{payer(p)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Typography variant="body2" sx={{ mt: 1.5, fontWeight: 600, textAlign: 'end' }} data-testid="parts-chargeable">
        {t('used.total', { total: format.rupees(total / 100) })}
      </Typography>
    </Section>
  );
}
