/**
 * /service-requests/:id: the request's details (features/requests) with the installed base's parts
 * (features/units): the purifier card of a request raised for a unit, and the parts in the
 * technician's Complete Work dialog; the technician's water readings on the job (features/readings,
 * issue 36); and the stock's part (features/van, issue 37): the catalogue parts taken from the van
 * in the Complete Work dialog (completion-parts.tsx), the parts the visit used with their price and
 * who pays, and, for the technician, the van and catalogue kept on the phone ahead of an offline
 * completion.
 */
import { hasCapability } from '#shared/domain/permissions.ts';
import { RecordReading } from '#web/features/readings/components/RecordReading.tsx';
import RequestDetailsPage from '#web/features/requests/RequestDetailsPage.tsx';
import { RequestUnitCard } from '#web/features/units/components/RequestUnitCard.tsx';
import { useKeepVanAhead } from '#web/features/van/api/keep-van.ts';
import { RequestPartsUsed } from '#web/features/van/components/RequestPartsUsed.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { CompletionPartsWithVan } from './completion-parts.tsx';

export default function RequestDetailsRoute() {
  const { policyRole } = useAuth();
  useKeepVanAhead(hasCapability(policyRole, 'technicianVan'));
  return (
    <RequestDetailsPage
      unitCard={(unitId, frames) => <RequestUnitCard unitId={unitId} {...frames} />}
      completionParts={(props) => <CompletionPartsWithVan {...props} />}
      readings={(requestId, { Section }) => <RecordReading requestId={requestId} Section={Section} />}
      partsUsed={(parts, { Section }) => <RequestPartsUsed parts={parts} Section={Section} />}
    />
  );
}
