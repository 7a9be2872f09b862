/**
 * /service-requests/:id: the request's details (features/requests) with the installed base's parts
 * (features/units): the purifier card of a request raised for a unit, and the parts in the
 * technician's Complete Work dialog.
 */
import RequestDetailsPage from '#web/features/requests/RequestDetailsPage.tsx';
import { CompletionParts } from '#web/features/units/components/CompletionParts.tsx';
import { RequestUnitCard } from '#web/features/units/components/RequestUnitCard.tsx';

export default function RequestDetailsRoute() {
  return (
    <RequestDetailsPage
      unitCard={(unitId, frames) => <RequestUnitCard unitId={unitId} {...frames} />}
      completionParts={(props) => <CompletionParts {...props} />}
    />
  );
}
