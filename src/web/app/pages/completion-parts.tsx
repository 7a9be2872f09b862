/**
 * The Complete Work dialog's parts (the requests feature's `completionParts` slot): the installed
 * base's unit, parts replaced and free-text spare parts (features/units), then the catalogue parts
 * taken from the van (features/van, issue 37). Each hands up its own body fields; the dialog gets
 * the two merged (they share no field name: `unitId`, `partsReplaced`, `spareParts`,
 * `installedUnit`; `parts`).
 */
import { useCallback, useRef } from 'react';
import type { StockLine } from '#shared/contracts/stock.ts';
import type { CompletionExtras } from '#shared/contracts/units.ts';
import type { CompletionPartsSlot } from '#web/features/requests/components/WorkProgressPanel.tsx';
import { CompletionParts } from '#web/features/units/components/CompletionParts.tsx';
import { CompletionVanParts } from '#web/features/van/components/CompletionVanParts.tsx';

type SlotProps = Parameters<CompletionPartsSlot>[0];

export function CompletionPartsWithVan({ onChange, ...props }: SlotProps) {
  const fields = useRef<{ units: CompletionExtras; van: { parts?: StockLine[] } }>({ units: {}, van: {} });
  const report = useCallback(() => onChange({ ...fields.current.units, ...fields.current.van }), [onChange]);
  const onUnits = useCallback(
    (units: CompletionExtras) => {
      fields.current.units = units;
      report();
    },
    [report],
  );
  const onVan = useCallback(
    (van: { parts?: StockLine[] }) => {
      fields.current.van = van;
      report();
    },
    [report],
  );
  return (
    <>
      <CompletionParts {...props} onChange={onUnits} />
      <CompletionVanParts onChange={onVan} />
    </>
  );
}
