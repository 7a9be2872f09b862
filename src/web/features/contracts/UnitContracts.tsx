/**
 * A unit's contracts on its page (issue 21): each with its type, status, period, price and visits;
 * customer editors (contractManage) add, edit, renew (issue 33: the Add dialog filled in, from the
 * day after it ends) and cancel them. The unit page (features/units) gives
 * its card frame; the app composes the two (app/pages/UnitPage.tsx).
 */
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ComponentType, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContractItem } from '#shared/contracts/contracts.ts';
import type { UnitDetails } from '#shared/contracts/units.ts';
import { hasCapability } from '#shared/domain/permissions.ts';
import { ConfirmDialog } from '#web/components/ConfirmDialog.tsx';
import { useFormat } from '#web/i18n/hooks.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useCancelContract, useUnitContracts } from './api/contracts.ts';
import { ContractDialog } from './ContractDialog.tsx';

/** The card a section of the unit page sits in. */
export type SectionFrame = ComponentType<{ title: string; children: ReactNode; action?: ReactNode }>;

export function UnitContracts({ unit, Section }: { unit: UnitDetails; Section: SectionFrame }) {
  const { t } = useTranslation('maintenance');
  const format = useFormat();
  const contracts = useUnitContracts(unit.id);
  const [contracting, setContracting] = useState(false);
  const [editing, setEditing] = useState<ContractItem | null>(null);
  const [renewing, setRenewing] = useState<ContractItem | null>(null);
  const [cancelling, setCancelling] = useState<ContractItem | null>(null);
  const cancel = useCancelContract();
  const { policyRole } = useAuth();
  // What the server allows (the policy table): contracts for customer editors.
  const mayContract = unit.status === 'ACTIVE' && hasCapability(policyRole, 'contractManage');
  // A date never breaks across lines ("2 Jul 2026 – 1 Jul 2027" wraps at the dash only).
  const day = (d: string) => format.date(d).replace(/ /g, '\u00a0');
  const period = (c: ContractItem) => `${day(c.startsOn)} – ${day(c.endsOn)}`;
  return (
    <>
      <Section
        title={t('unit.contracts')}
        action={
          mayContract && (
            <Button size="small" startIcon={<Add />} onClick={() => setContracting(true)} sx={{ minHeight: 44 }}>
              {t('contract.add')}
            </Button>
          )
        }
      >
        {(contracts.data ?? []).length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('unit.noContracts')}
          </Typography>
        ) : (
          <Stack spacing={1}>
            {(contracts.data ?? []).map((c) => (
              <Box key={c.id}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {t(`contractType.${c.type}`)}
                  </Typography>
                  <Chip size="small" variant="outlined" label={t(`contractStatus.${c.status}`)} />
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {period(c)} · {format.rupees(c.price / 100)}
                  {c.visitsPerYear > 0 && ` · ${t('unit.visitsPerYear', { count: c.visitsPerYear })}`}
                  {c.partsIncluded && ` · ${t('unit.partsIncluded')}`}
                </Typography>
                {mayContract && c.status === 'ACTIVE' && (
                  <Stack direction="row" spacing={1} sx={{ mt: 0.5, ml: -1 }}>
                    <Button
                      size="small"
                      onClick={() => setRenewing(c)}
                      aria-label={t('contract.renewFor', { contract: t(`contractType.${c.type}`), period: period(c) })}
                      sx={{ minHeight: 44, minWidth: 44 }}
                    >
                      {t('contract.renew')}
                    </Button>
                    <Button
                      size="small"
                      onClick={() => setEditing(c)}
                      aria-label={t('contract.editFor', { contract: t(`contractType.${c.type}`), period: period(c) })}
                      sx={{ minHeight: 44, minWidth: 44 }}
                    >
                      {t('contract.editShort')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => setCancelling(c)}
                      aria-label={t('contract.cancelFor', {
                        contract: t(`contractType.${c.type}`),
                        period: period(c),
                      })}
                      sx={{ minHeight: 44, minWidth: 44 }}
                    >
                      {t('contract.cancel')}
                    </Button>
                  </Stack>
                )}
              </Box>
            ))}
          </Stack>
        )}
      </Section>
      {contracting && (
        <ContractDialog unitId={unit.id} contracts={contracts.data} onClose={() => setContracting(false)} />
      )}
      {renewing && (
        <ContractDialog
          unitId={unit.id}
          renew={renewing}
          contracts={contracts.data}
          onClose={() => setRenewing(null)}
        />
      )}
      {editing && <ContractDialog unitId={unit.id} contract={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!cancelling}
        title={t('contract.cancel')}
        message={
          cancelling
            ? t('contract.cancelMessage', {
                contract: t(`contractType.${cancelling.type}`),
                period: period(cancelling),
              })
            : ''
        }
        confirmLabel={t('contract.cancelConfirm')}
        cancelLabel={t('contract.keep')}
        destructive
        pending={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate(cancelling.id, { onSuccess: () => setCancelling(null) })}
        onClose={() => setCancelling(null)}
      />
    </>
  );
}
