/**
 * The details page's action buttons with their dialogs and mutations: approve at the current
 * stage, reject with a reason, assign or reassign a technician, acknowledge completion. A button
 * shows only when `allowed` (the shared `allowedActions`) holds its action.
 *
 * After an action is done, the focus moves on (ADR 018): once the request has reloaded, to the
 * first button the new state offers (after Approve: Assign Technician), else to the page's h1,
 * never to the page body (the dialog's own focus return lands on a button that is gone).
 */
import CheckCircle from '@mui/icons-material/CheckCircleOutlineOutlined';
import DoneAll from '@mui/icons-material/DoneAll';
import Engineering from '@mui/icons-material/EngineeringOutlined';
import HighlightOff from '@mui/icons-material/HighlightOff';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestDetails } from '#shared/contracts/service-requests.ts';
import { approvalStage, factsOf, type WorkflowAction } from '#shared/domain/workflow.ts';
import { useToast } from '#web/components/toast.tsx';
import { useAcknowledge, useApprove, useAssign, useReject } from '../api/actions.ts';
import { AssignDialog } from './AssignDialog.tsx';
import { TextDialog } from './TextDialog.tsx';

type DialogName = 'approve' | 'reject' | 'assign' | 'acknowledge' | null;

export function RequestActions({
  request: r,
  allowed,
}: {
  request: RequestDetails;
  allowed: readonly WorkflowAction[];
}) {
  const { t } = useTranslation('requests');
  const toast = useToast();
  const [dialog, setDialog] = useState<DialogName>(null);
  const close = () => setDialog(null);
  const buttons = useRef<HTMLDivElement>(null);
  /** The request's version when an action succeeded; the focus moves once it has changed. */
  const movedOnFrom = useRef<string | null>(null);
  const done = () => {
    movedOnFrom.current = r.updatedAt;
    close();
  };
  useEffect(() => {
    if (movedOnFrom.current === null || movedOnFrom.current === r.updatedAt) return;
    movedOnFrom.current = null;
    // After the dialog has closed and handed the focus back (to a button now gone).
    requestAnimationFrame(() => {
      const next = buttons.current?.querySelector('button') ?? document.querySelector<HTMLElement>('main h1');
      next?.focus();
    });
  }, [r.updatedAt]);
  const approve = useApprove(r.id);
  const reject = useReject(r.id, () => {
    done();
    toast.info(t('done.rejected'));
  });
  const assign = useAssign(r.id, done);
  const acknowledge = useAcknowledge(r.id, done);

  const stage = approvalStage(factsOf(r));
  const may = {
    approve: allowed.includes(stage === 'SALES' ? 'salesApprove' : 'serviceApprove'),
    reject: allowed.includes('reject'),
    assign: allowed.includes('assign'),
    acknowledge: allowed.includes('acknowledge'),
  };
  const anyAction = may.approve || may.reject || may.assign || may.acknowledge;

  return (
    <>
      {anyAction ? (
        <Stack
          ref={buttons}
          direction="row"
          spacing={1}
          sx={{ flexWrap: 'wrap', gap: 1, '& > *': { m: '0 !important' } }}
        >
          {may.approve ? (
            <Button
              variant="contained"
              color="success"
              startIcon={<CheckCircle />}
              onClick={() => setDialog('approve')}
            >
              {stage === 'SALES' ? t('action.salesApprove') : t('action.approve')}
            </Button>
          ) : null}
          {may.reject ? (
            <Button variant="outlined" color="error" startIcon={<HighlightOff />} onClick={() => setDialog('reject')}>
              {t('action.reject')}
            </Button>
          ) : null}
          {may.assign ? (
            <Button variant="contained" startIcon={<Engineering />} onClick={() => setDialog('assign')}>
              {r.status === 'ASSIGNED' ? t('action.reassign') : t('action.assign')}
            </Button>
          ) : null}
          {may.acknowledge ? (
            <Button
              variant="contained"
              color="success"
              startIcon={<DoneAll />}
              onClick={() => setDialog('acknowledge')}
            >
              {t('action.acknowledgeCompletion')}
            </Button>
          ) : null}
        </Stack>
      ) : null}
      <TextDialog
        open={dialog === 'approve'}
        title={stage === 'SALES' ? t('action.salesApproveTitle') : t('action.approveTitle')}
        message={stage === 'SALES' ? t('action.salesApproveMessage') : t('action.approveMessage')}
        label={t('action.comments')}
        confirmLabel={t('action.approve')}
        color="success"
        pending={approve.isPending}
        onConfirm={(comments) => approve.mutate({ stage, comments }, { onSuccess: done })}
        onClose={close}
      />
      <TextDialog
        open={dialog === 'reject'}
        title={t('action.rejectTitle')}
        message={t('action.rejectMessage')}
        label={t('action.rejectReason')}
        required
        requiredMessage={t('action.rejectReasonRequired')}
        confirmLabel={t('action.reject')}
        color="error"
        pending={reject.isPending}
        onConfirm={(reason) => reject.mutate(reason)}
        onClose={close}
      />
      <TextDialog
        open={dialog === 'acknowledge'}
        title={t('action.acknowledgeCompletion')}
        message={t('action.acknowledgeMessage')}
        label={t('action.comments')}
        confirmLabel={t('action.acknowledge')}
        color="success"
        pending={acknowledge.isPending}
        onConfirm={(comments) => acknowledge.mutate(comments)}
        onClose={close}
      />
      <AssignDialog
        open={dialog === 'assign'}
        requestId={r.id}
        currentId={r.assignedToId}
        pending={assign.isPending}
        onAssign={(technicianId) => assign.mutate(technicianId)}
        onClose={close}
      />
    </>
  );
}
