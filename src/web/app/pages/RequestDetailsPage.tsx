/**
 * /service-requests/:id: the request's details (features/requests) with the installed base's parts
 * (features/units): the purifier card of a request raised for a unit, and the parts in the
 * technician's Complete Work dialog; and the technician's water readings on the job
 * (features/readings, issue 36).
 */
import { RecordReading } from '#web/features/readings/components/RecordReading.tsx';
import RequestDetailsPage from '#web/features/requests/RequestDetailsPage.tsx';
import { CompletionParts } from '#web/features/units/components/CompletionParts.tsx';
import { RequestUnitCard } from '#web/features/units/components/RequestUnitCard.tsx';

export default function RequestDetailsRoute() {
  return (
    <RequestDetailsPage
      unitCard={(unitId, frames) => <RequestUnitCard unitId={unitId} {...frames} />}
      completionParts={(props) => <CompletionParts {...props} />}
      readings={(requestId, { Section }) => <RecordReading requestId={requestId} Section={Section} />}
    />
  );
}
