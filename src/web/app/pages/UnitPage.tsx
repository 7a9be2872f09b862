/** /units/:id: the unit's page (features/units) with its contracts card (features/contracts). */
import { useParams } from 'react-router';
import { useUnitContracts } from '#web/features/contracts/api/contracts.ts';
import { UnitContracts } from '#web/features/contracts/UnitContracts.tsx';
import UnitPage from '#web/features/units/UnitPage.tsx';

export default function UnitRoute() {
  const { id = '' } = useParams();
  // The contracts load beside the unit, not after it.
  useUnitContracts(id);
  return <UnitPage contracts={(unit, Section) => <UnitContracts unit={unit} Section={Section} />} />;
}
