/**
 * /service-requests/{id}: the request's facts, approval history, work logs and photos; the
 * action buttons `allowedActions` (the shared workflow table) gives this user on this status; the
 * purifier it is about, when it has one (issue 21); and, for the assigned technician only, the
 * work-progress panel. Each part is its own component:
 * RequestActions (buttons, dialogs, mutations), WorkProgressPanel, RequestFactsCard,
 * ApprovalHistory, WorkLogList. The installed base's parts (the purifier card, the Complete Work
 * dialog's parts) are slots that features/units fills, composed by app/pages/RequestDetailsPage.tsx.
 * Texts from the `requests` catalogue (ADR 022).
 */
import ArrowBack from '@mui/icons-material/ArrowBack';
import QrCode2 from '@mui/icons-material/QrCode2';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { RequestPartItem } from '#shared/contracts/stock.ts';
import { TYPE_COLOR } from '#shared/domain/format.ts';
import { canOpen } from '#shared/domain/permissions.ts';
import { allowedActions } from '#shared/domain/workflow.ts';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { Loading } from '#web/components/Loading.tsx';
import { OfflineAsOf } from '#web/components/OfflineAsOf.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { StatusChip } from '#web/components/StatusChip.tsx';
import { SyncStatus } from '#web/components/SyncStatus.tsx';
import { useRequestLabels } from '#web/i18n/request-labels.ts';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { offlineSinceOf, useOfflineQueue } from '#web/lib/offline/app-queue.ts';
import { movedOnMessage, withQueued } from '#web/lib/offline/overlay.ts';
import { useRequest } from './api/get-request.ts';
import { ApprovalHistory } from './components/ApprovalHistory.tsx';
import { CustomerContactCard } from './components/CustomerContactCard.tsx';
import { Fact, Section } from './components/DetailsSection.tsx';
import { JobSheetButton } from './components/JobSheetButton.tsx';
import { PhotoGrid } from './components/PhotoGrid.tsx';
import { ProofCard } from './components/ProofCard.tsx';
import { RequestActions } from './components/RequestActions.tsx';
import { RequestFactsCard } from './components/RequestFactsCard.tsx';
import { WorkLogList } from './components/WorkLogList.tsx';
import { type CompletionPartsSlot, WorkProgressPanel } from './components/WorkProgressPanel.tsx';
// The queued start and complete shown on the page (withQueued) are these registrations' overlays.
import './offline-actions.ts';

/** The page's frames, for a slot's card: a titled card (Section), a labelled value (Fact). */
export interface DetailsFrames {
  Section: ComponentType<{ title: string; children: ReactNode }>;
  Fact: ComponentType<{ label: string; children: ReactNode }>;
}

export interface RequestDetailsSlots {
  /** The purifier of a request raised for an installed unit, under the request's facts. */
  unitCard?: (unitId: string, frames: DetailsFrames) => ReactNode;
  /** The Complete Work dialog's unit, parts and spare parts. */
  completionParts?: CompletionPartsSlot;
  /**
   * The water readings the assigned technician records on the job (issue 36), under the Work
   * Progress panel while the workflow table allows `recordReading` (ASSIGNED or IN_PROGRESS).
   */
  readings?: (requestId: string, frames: DetailsFrames) => ReactNode;
  /** The parts the visit used, their price and who pays (issue 37), when the details list any. */
  partsUsed?: (parts: RequestPartItem[], frames: DetailsFrames) => ReactNode;
}

export default function RequestDetailsPage({ unitCard, completionParts, readings, partsUsed }: RequestDetailsSlots) {
  const { t } = useTranslation('requests');
  const { t: tc } = useTranslation('common');
  const labels = useRequestLabels();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { user, policyRole } = useAuth();
  const query = useRequest(id);
  const queued = useOfflineQueue(useQueryClient());
  // The tab's name: the request's ticket number, the one people say (ADR 018, ADR 020).
  useDocumentTitle(
    query.data ? t('details.tabTitle', { ticket: query.data.ticketNumber }) : t('details.tabTitleLoading'),
  );

  const back = () => {
    if (window.history.length > 1) navigate(-1);
    else navigate(policyRole && canOpen(policyRole, 'requests') ? '/service-requests' : '/dashboard');
  };

  if (query.isLoading) return <Loading />;
  // The technician's queued start or complete applied (issue 22, ADR 027): the page shows the
  // next step, not a Start already pressed with no signal.
  const r = query.data && user ? withQueued(query.data, queued.items, { id: user.id, name: user.name }) : query.data;
  if (!r || !user || !policyRole) {
    return (
      <Box>
        <Button startIcon={<ArrowBack />} onClick={back} sx={{ mb: 2 }}>
          {tc('back')}
        </Button>
        <ErrorAlert
          message={errorMessage(query.error, t('failed.one'))}
          // Not found stays not found; anything else may answer on a second try.
          onRetry={
            query.error instanceof ApiError && query.error.status === 404 ? undefined : () => void query.refetch()
          }
          retrying={query.isFetching}
        />
      </Box>
    );
  }

  const allowed = allowedActions({ id: user.id, policyRole }, r);
  const isAssignee = r.assignedToId === user.id;
  const movedOn = isAssignee
    ? movedOnMessage(r.id, queued.items, {
        updatedAt: query.dataUpdatedAt,
        fromPhone: offlineSinceOf(query.data) != null,
      })
    : null;

  return (
    <Box>
      <Button startIcon={<ArrowBack />} onClick={back} sx={{ mb: 1.5 }}>
        {tc('back')}
      </Button>
      <PageHeader
        title={t('details.title', { ticket: r.ticketNumber })}
        subtitle={
          <Stack direction="row" spacing={1} sx={{ mt: 0.75, alignItems: 'center', flexWrap: 'wrap' }}>
            <StatusChip status={r.status} size="medium" />
            <Chip
              label={labels.type(r.type)}
              variant="outlined"
              sx={{ borderColor: TYPE_COLOR[r.type], color: TYPE_COLOR[r.type], fontWeight: 600 }}
            />
            {/* Raised by the customer at the unit's QR sticker (issue 36). */}
            {r.source === 'QR' ? <Chip icon={<QrCode2 />} label={t('source.QR')} variant="outlined" /> : null}
            {/* The job sheet (issue 35 item 3): what was done, as a PDF to keep or send. */}
            <JobSheetButton requestId={r.id} ticketNumber={r.ticketNumber} />
          </Stack>
        }
        actions={<RequestActions request={r} allowed={allowed} />}
        phoneActions="start"
      />

      {isAssignee ? (
        <>
          <OfflineAsOf since={offlineSinceOf(query.data)} shownAt={query.dataUpdatedAt} />
          <SyncStatus taskId={r.id} />
        </>
      ) : null}
      <Grid container spacing={2}>
        {isAssignee ? (
          // The technician's phone leads with the customer, then the work (ADR 020).
          <Grid size={{ xs: 12, md: 5 }} sx={{ order: { md: 2 } }}>
            <Stack spacing={2}>
              <CustomerContactCard request={r} />
              <WorkProgressPanel request={r} allowed={allowed} movedOn={movedOn} completionParts={completionParts} />
              {/* Like the panel's controls: none while a queued change waits refused because the job moved on. */}
              {movedOn === null && allowed.includes('recordReading') ? readings?.(r.id, { Section, Fact }) : null}
            </Stack>
          </Grid>
        ) : null}

        <Grid size={{ xs: 12, md: isAssignee ? 7 : 12 }} sx={{ order: { md: 1 } }}>
          <Stack spacing={2}>
            <RequestFactsCard request={r} />
            {r.unitId ? unitCard?.(r.unitId, { Section, Fact }) : null}
            <ApprovalHistory entries={r.approvalHistory} />
            <WorkLogList logs={r.workLogs} />
            {r.parts?.length ? partsUsed?.(r.parts, { Section, Fact }) : null}
            {/* The customer's signature or one-time code (issue 35 item 1). */}
            <ProofCard request={r} />
            <Section title={t('details.photos', { n: r.workMedia.length })}>
              <PhotoGrid media={r.workMedia} />
            </Section>
          </Stack>
        </Grid>
      </Grid>
    </Box>
  );
}
