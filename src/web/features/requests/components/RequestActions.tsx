/**
 * The details page's action buttons with their dialogs and mutations: approve at the current
 * stage, reject with a reason, assign or reassign a technician, acknowledge completion. A button
 * shows only when `allowed` (the shared `allowedActions`) holds its action.
 */
import CheckCircle from '@mui/icons-material/CheckCircleOutlineOutlined';
import DoneAll from '@mui/icons-material/DoneAll';
import Engineering from '@mui/icons-material/EngineeringOutlined';
import HighlightOff from '@mui/icons-material/HighlightOff';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
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
  const approve = useApprove(r.id);
  const reject = useReject(r.id, () => {
    close();
    toast.info('Request rejected');
  });
  const assign = useAssign(r.id, close);
  const acknowledge = useAcknowledge(r.id, close);

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
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, '& > *': { m: '0 !important' } }}>
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
        onConfirm={(comments) => approve.mutate({ stage, comments }, { onSuccess: close })}
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
