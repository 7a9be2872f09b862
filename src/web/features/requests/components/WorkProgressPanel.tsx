/**
 * The assigned technician's "Work Progress" panel on the details page (ADR 020): the one primary
 * action of the state first (Start Work, then Complete Work with its notes dialog: green, full
 * width, the customer's signature or one-time code in its dialog), the timer, then work photos and the customer's location (captured by the phone; typing
 * the coordinates is folded away). Once the work is completed the panel says so and the controls
 * that no longer apply are gone: no start or complete, no location; photos forgotten on site can
 * still be added until the request is acknowledged (folded away), none after. Words from the
 * `technician` catalogue (the spec's "Start Work" and "Complete Work" unchanged in en-IN).
 */
import CheckCircle from '@mui/icons-material/CheckCircleOutlineOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestDetails } from '#shared/contracts/service-requests.ts';
import type { WorkflowAction } from '#shared/domain/workflow.ts';
import { LocationCapture } from '#web/components/LocationCapture.tsx';
import { usePublicConfig } from '#web/lib/config.ts';
import { useCompleteWork, useSaveLocation, useStartWork } from '../api/actions.ts';
import type { CompletionFields } from '../offline-actions.ts';
import { CompletionProof, type ProofState } from './CompletionProof.tsx';
import { customerLocationOf, Section } from './DetailsSection.tsx';
import { PhotoUploader } from './PhotoUploader.tsx';
import { TextDialog } from './TextDialog.tsx';
import { openLogOf, WorkTimer } from './WorkTimer.tsx';

/** Work Completed and Completed: the technician's part is done. */
export function workIsDone(r: Pick<RequestDetails, 'status'>): boolean {
  return r.status === 'WORK_COMPLETED' || r.status === 'COMPLETED';
}

function progressText(r: RequestDetails, t: (key: string) => string): string {
  if (openLogOf(r.workLogs)) return t('work.inProgress');
  if (workIsDone(r)) return t('work.completed');
  return r.status === 'ASSIGNED' ? t('work.notStarted') : t('work.stopped');
}

/**
 * The Complete Work dialog's installed-base fields (issue 21: the unit, the parts replaced, spare
 * parts, an installation's purifier), from features/units, and the catalogue parts taken from the
 * van (issue 37, features/van), composed by the app: mounted while the
 * dialog is open, it hands up the body fields to send after every change.
 */
export type CompletionPartsSlot = (props: {
  customerId: string;
  /** The request's unit, if it was raised for one. */
  unitId: string | null;
  installation: boolean;
  onChange: (fields: CompletionFields) => void;
}) => ReactNode;

export function WorkProgressPanel({
  request: r,
  allowed: given,
  movedOn = null,
  completionParts,
}: {
  request: RequestDetails;
  allowed: readonly WorkflowAction[];
  /**
   * The server's message when a queued change was refused because the task moved on while the
   * phone was offline (ADR 027): no work control is offered, it could only be refused again.
   */
  movedOn?: string | null;
  completionParts?: CompletionPartsSlot;
}) {
  const allowed: readonly WorkflowAction[] = movedOn === null ? given : [];
  const { t } = useTranslation('technician');
  const [completing, setCompleting] = useState(false);
  const [parts, setParts] = useState<CompletionFields>({});
  // The customer's signature or one-time code (issue 35 item 1); the mode is the business's.
  const [proof, setProof] = useState<ProofState>({ proof: undefined, ready: true });
  const proofMode = usePublicConfig().data?.proofOfCompletion ?? 'optional';
  const close = () => {
    setCompleting(false);
    setParts({});
    setProof({ proof: undefined, ready: true });
  };
  const start = useStartWork(r.id);
  const complete = useCompleteWork(r.id, close);
  const saveLocation = useSaveLocation(r.id);

  const done = workIsDone(r);
  const canUpload = allowed.includes('uploadMedia');
  const canLocate = allowed.includes('captureLocation') && !done;
  const hasBefore = r.workMedia.some((m) => m.kind === 'BEFORE');
  const primary = { width: '100%', minHeight: 52, fontSize: 17 };

  return (
    <Section title={t('work.title')}>
      <Stack spacing={2}>
        {movedOn !== null ? (
          <Alert severity="warning" data-testid="work-moved-on">
            {movedOn ? <Typography variant="body2">{movedOn}</Typography> : null}
            <Typography variant="body2" sx={{ mt: movedOn ? 0.5 : 0 }}>
              {t('work.movedOn')}
            </Typography>
          </Alert>
        ) : null}
        {r.status === 'ASSIGNED' && movedOn === null ? (
          <Button
            variant="contained"
            color="success"
            size="large"
            startIcon={<PlayArrow />}
            onClick={() => start.mutate()}
            disabled={!allowed.includes('start') || start.isPending}
            sx={primary}
          >
            {t('work.start')}
          </Button>
        ) : null}
        {r.status === 'IN_PROGRESS' && movedOn === null ? (
          <Button
            variant="contained"
            color="success"
            size="large"
            startIcon={<CheckCircle />}
            onClick={() => setCompleting(true)}
            disabled={!allowed.includes('complete')}
            sx={primary}
          >
            {t('work.complete')}
          </Button>
        ) : null}
        {done ? (
          <Alert severity="success" icon={<CheckCircle />}>
            {r.status === 'COMPLETED' ? t('work.doneAcknowledged') : t('work.doneWaiting')}
          </Alert>
        ) : null}
        <Box sx={{ textAlign: 'center' }}>
          <WorkTimer logs={r.workLogs} />
          <Typography variant="body2" color="text.secondary">
            {progressText(r, t)}
          </Typography>
        </Box>
        {canUpload && !done ? (
          <>
            <Divider />
            <Box>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                {t('work.photos')}
              </Typography>
              <PhotoUploader requestId={r.id} disabled={false} hasBefore={hasBefore} />
            </Box>
          </>
        ) : null}
        {canUpload && done ? (
          <Accordion disableGutters variant="outlined">
            <AccordionSummary expandIcon={<ExpandMore />}>
              <Typography variant="subtitle2">{t('work.addForgotten')}</Typography>
            </AccordionSummary>
            <AccordionDetails>
              <PhotoUploader requestId={r.id} disabled={false} hasBefore={hasBefore} />
            </AccordionDetails>
          </Accordion>
        ) : null}
        {canLocate ? (
          <>
            <Divider />
            <Box>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                {t('work.location')}
              </Typography>
              <LocationCapture
                value={customerLocationOf(r)}
                saving={saveLocation.isPending}
                foldManual
                onChange={(loc) => {
                  if (loc) saveLocation.mutate({ customerId: r.customerId, location: loc });
                }}
              />
            </Box>
          </>
        ) : null}
      </Stack>
      <TextDialog
        open={completing}
        title={t('work.complete')}
        message={t('work.completeMessage')}
        label={t('work.notes')}
        confirmLabel={t('work.complete')}
        pending={complete.isPending}
        confirmDisabled={!proof.ready}
        fullScreenOnPhone
        onConfirm={(notes) => complete.mutate({ notes, ...parts, ...(proof.proof ? { proof: proof.proof } : {}) })}
        onClose={close}
      >
        {completing &&
          completionParts?.({
            customerId: r.customerId,
            unitId: r.unitId ?? null,
            installation: r.type === 'INSTALLATION',
            onChange: setParts,
          })}
        {completing ? <CompletionProof requestId={r.id} mode={proofMode} onChange={setProof} /> : null}
      </TextDialog>
    </Section>
  );
}
