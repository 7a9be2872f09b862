/**
 * /units/:id: the unit's page (features/units) with its contracts card (features/contracts) and its
 * water quality (features/readings: the readings' chart and table, issue 36).
 */
import { useParams } from 'react-router';
import { useUnitContracts } from '#web/features/contracts/api/contracts.ts';
import { UnitContracts } from '#web/features/contracts/UnitContracts.tsx';
import { useUnitReadings } from '#web/features/readings/api/unit-readings.ts';
import { UnitReadings } from '#web/features/readings/components/UnitReadings.tsx';
import UnitPage from '#web/features/units/UnitPage.tsx';

export default function UnitRoute() {
  const { id = '' } = useParams();
  // The contracts and the readings load beside the unit, not after it.
  useUnitContracts(id);
  useUnitReadings(id);
  return (
    <UnitPage
      contracts={(unit, Section) => <UnitContracts unit={unit} Section={Section} />}
      readings={(unit, Section) => <UnitReadings unitId={unit.id} Section={Section} />}
    />
  );
}
