/**
 * A unit's QR sticker (issue 36, ADR 043): POST /api/units/:id/public-code issues a new code (the
 * old sticker stops working at once) and answers the unit with it; GET /api/units/:id/sticker.svg
 * is the sticker to print, downloaded with the session's token (lib/download.ts, fetched on the
 * first click).
 */
import { getI18n } from 'react-i18next';
import type { UnitDetails } from '#shared/contracts/units.ts';
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { unitQueryKey } from './unit.ts';

export function useReissueCode(unitId: string) {
  const t = getI18n().t;
  return useApiMutation<UnitDetails, void>({
    mutationFn: () =>
      api<UnitDetails>(`/units/${unitId}/public-code`, { method: 'POST', fallback: t('maintenance:qr.reissueFailed') }),
    fallback: t('maintenance:qr.reissueFailed'),
    success: t('maintenance:qr.reissued'),
    cache: (unit) => [{ queryKey: unitQueryKey(unitId), data: unit }],
    invalidate: [unitQueryKey(unitId)],
  });
}

/** Downloads the unit's sticker; rejects with the server's words (a 409 when PUBLIC_URL is unset). */
export async function downloadSticker(unit: { id: string; serialNumber: string }, fallback: string): Promise<void> {
  const { downloadFile } = await import('#web/lib/download.ts');
  const safe = unit.serialNumber.replace(/[^\w.-]+/g, '-');
  await downloadFile(`/units/${unit.id}/sticker.svg`, {}, fallback, `sticker-${safe}.svg`);
}
