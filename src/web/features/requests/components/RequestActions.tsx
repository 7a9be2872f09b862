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
    toast.info('Request rejected');
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
              {stage === 'SALES' ? 'Sales Approve' : 'Approve'}
            </Button>
          ) : null}
          {may.reject ? (
            <Button variant="outlined" color="error" startIcon={<HighlightOff />} onClick={() => setDialog('reject')}>
              Reject
            </Button>
          ) : null}
          {may.assign ? (
            <Button variant="contained" startIcon={<Engineering />} onClick={() => setDialog('assign')}>
              {r.status === 'ASSIGNED' ? 'Reassign Technician' : 'Assign Technician'}
            </Button>
          ) : null}
          {may.acknowledge ? (
            <Button
              variant="contained"
              color="success"
              startIcon={<DoneAll />}
              onClick={() => setDialog('acknowledge')}
            >
              Acknowledge Completion
            </Button>
          ) : null}
        </Stack>
      ) : null}
      <TextDialog
        open={dialog === 'approve'}
        title={stage === 'SALES' ? 'Sales Approval' : 'Approve Request'}
        message={
          stage === 'SALES'
            ? 'Approve this request for sales; it then goes to the service team for approval.'
            : 'Approve this request so a technician can be assigned.'
        }
        label="Comments (optional)"
        confirmLabel="Approve"
        color="success"
        pending={approve.isPending}
        onConfirm={(comments) => approve.mutate({ stage, comments }, { onSuccess: done })}
        onClose={close}
      />
      <TextDialog
        open={dialog === 'reject'}
        title="Reject Request"
        message="Give the reason; the requester will see it."
        label="Reason for rejection"
        required
        requiredMessage="A reason for rejecting is required"
        confirmLabel="Reject"
        color="error"
        pending={reject.isPending}
        onConfirm={(reason) => reject.mutate(reason)}
        onClose={close}
      />
      <TextDialog
        open={dialog === 'acknowledge'}
        title="Acknowledge Completion"
        message="Confirm the work is done; the request becomes COMPLETED."
        label="Comments (optional)"
        confirmLabel="Acknowledge"
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
