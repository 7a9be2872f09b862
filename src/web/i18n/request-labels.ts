/**
 * A request's status and type in the app's language (ADR 022): the status as its chip says it
 * ('PENDING APPROVAL' in English, spec section 4) or as the list's filter offers it ('Pending
 * Approval'), and the type ('Service', 'Installation', ...) from the shared `server` catalogue,
 * the words the notifications use too. Unknown codes are shown as they are.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { statusLabel } from '#shared/domain/format.ts';
import { SERVER_NS } from '#shared/i18n/messages.ts';

export interface RequestLabels {
  /** The chip's words: 'PENDING APPROVAL'. */
  status: (status: string) => string;
  /** The filter's words: 'Pending Approval'; 'ALL' is 'All'. */
  statusFilter: (status: string) => string;
  /** 'Service', 'Installation', 'Complaint', 'Enquiry'. */
  type: (type: string) => string;
}

export function useRequestLabels(): RequestLabels {
  const { t } = useTranslation('common');
  const { t: ts } = useTranslation(SERVER_NS);
  return useMemo(
    () => ({
      status: (s) => t(`requestStatus.${s}`, { defaultValue: statusLabel(s) }),
      statusFilter: (s) => t(`statusFilter.${s}`, { defaultValue: statusLabel(s) }),
      type: (x) => ts(`requestType.${x}`, { defaultValue: statusLabel(x) }),
    }),
    [t, ts],
  );
}
