/**
 * /service-requests/{id}: the request's facts, approval history, work logs and photos; the
 * action buttons the shared workflow table allows this user on this status (approve at the
 * current stage, reject with a reason, assign, acknowledge); and, for the assigned technician
 * only, the work-progress panel (timer, start/complete, photos, customer location).
 */
import ArrowBack from '@mui/icons-material/ArrowBack';
import CheckCircle from '@mui/icons-material/CheckCircleOutlineOutlined';
import Directions from '@mui/icons-material/Directions';
import DoneAll from '@mui/icons-material/DoneAll';
import Engineering from '@mui/icons-material/EngineeringOutlined';
import HighlightOff from '@mui/icons-material/HighlightOff';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Stop from '@mui/icons-material/Stop';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { RequestDetails } from '#shared/contracts/service-requests.ts';
import { formatDateTime, formatDuration, shortId, TYPE_COLOR, typeLabel } from '#shared/domain/format.ts';
import { canOpen } from '#shared/domain/permissions.ts';
import { type ActorFacts, approvalStage, canAct, type RequestFacts } from '#shared/domain/workflow.ts';
import { Loading } from '#web/components/Loading.tsx';
import { type CapturedLocation, LocationCapture } from '#web/components/LocationCapture.tsx';
import { StatusChip } from '#web/components/StatusChip.tsx';
import { useToast } from '#web/components/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import {
  useAcknowledge,
  useApprove,
  useAssign,
  useCompleteWork,
  useReject,
  useSaveLocation,
  useStartWork,
} from './api/actions.ts';
import { FETCH_REQUEST_FALLBACK, useRequest } from './api/get-request.ts';
import { AssignDialog } from './components/AssignDialog.tsx';
import { PhotoGrid } from './components/PhotoGrid.tsx';
import { PhotoUploader } from './components/PhotoUploader.tsx';
import { TextDialog } from './components/TextDialog.tsx';
import { openLogOf, WorkTimer } from './components/WorkTimer.tsx';

type DialogName = 'approve' | 'reject' | 'assign' | 'complete' | 'acknowledge' | null;

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} component="section" aria-label={title}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ fontSize: 17, fontWeight: 600 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ py: 0.75 }}>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ textTransform: 'uppercase' }}>
        {label}
      </Typography>
      <Box sx={{ fontSize: 15, wordBreak: 'break-word' }}>{children}</Box>
    </Box>
  );
}

const factsOf = (r: RequestDetails): RequestFacts => ({
  status: r.status,
  needsSalesApproval: r.needsSalesApproval,
  salesApproved: r.salesApproved,
  requestedById: r.requestedById,
  assignedToId: r.assignedToId,
});

function salesApprovalText(r: RequestDetails): string {
  if (!r.needsSalesApproval) return r.salesApproved ? 'Approved at creation' : 'Not required';
  return r.salesApproved ? 'Approved' : 'Awaiting sales approval';
}

export default function RequestDetailsPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { user, policyRole } = useAuth();
  const toast = useToast();
  const query = useRequest(id);
  const [dialog, setDialog] = useState<DialogName>(null);
  const close = () => setDialog(null);

  const approve = useApprove(id);
  const reject = useReject(id, () => {
    close();
    toast.info('Request rejected');
  });
  const assign = useAssign(id, close);
  const start = useStartWork(id);
  const complete = useCompleteWork(id, close);
  const acknowledge = useAcknowledge(id, close);
  const saveLocation = useSaveLocation(id);

  const back = () => {
    if (window.history.length > 1) navigate(-1);
    else navigate(policyRole && canOpen(policyRole, 'requests') ? '/service-requests' : '/dashboard');
  };

  if (query.isLoading) return <Loading />;
  const r = query.data;
  if (!r || !user || !policyRole) {
    return (
      <Box>
        <Button startIcon={<ArrowBack />} onClick={back} sx={{ mb: 2 }}>
          Back
        </Button>
        <Alert severity="error">{errorMessage(query.error, FETCH_REQUEST_FALLBACK)}</Alert>
      </Box>
    );
  }

  const me: ActorFacts = { id: user.id, policyRole };
  const facts = factsOf(r);
  const stage = approvalStage(facts);
  const may = {
    approve: canAct(stage === 'SALES' ? 'salesApprove' : 'serviceApprove', me, facts),
    reject: canAct('reject', me, facts),
    assign: canAct('assign', me, facts),
    start: canAct('start', me, facts),
    complete: canAct('complete', me, facts),
    acknowledge: canAct('acknowledge', me, facts),
    upload: canAct('uploadMedia', me, facts),
    location: canAct('captureLocation', me, facts),
  };
  const isAssignee = r.assignedToId === user.id;
  const completed = r.status === 'COMPLETED';
  const anyAction = may.approve || may.reject || may.assign || may.acknowledge;
  const running = !!openLogOf(r.workLogs);
  const location: CapturedLocation | null =
    r.customer.latitude != null && r.customer.longitude != null
      ? { latitude: r.customer.latitude, longitude: r.customer.longitude, accuracy: null }
      : null;

  return (
    <Box>
      <Button startIcon={<ArrowBack />} onClick={back} sx={{ mb: 1.5 }}>
        Back
      </Button>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between', mb: 2 }}
      >
        <Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            Request #{shortId(r.id)}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 0.75, alignItems: 'center', flexWrap: 'wrap' }}>
            <StatusChip status={r.status} size="medium" />
            <Chip
              label={typeLabel(r.type)}
              variant="outlined"
              sx={{ borderColor: TYPE_COLOR[r.type], color: TYPE_COLOR[r.type], fontWeight: 600 }}
            />
          </Stack>
        </Box>
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
      </Stack>

      <Grid container spacing={2}>
        {isAssignee ? (
          <Grid size={{ xs: 12, md: 5 }} sx={{ order: { md: 2 } }}>
            <Section title="Work Progress">
              <Stack spacing={2}>
                <Box sx={{ textAlign: 'center' }}>
                  <WorkTimer logs={r.workLogs} />
                  <Typography variant="body2" color="text.secondary">
                    {running
                      ? 'Work in progress'
                      : completed
                        ? 'Work completed'
                        : r.status === 'ASSIGNED'
                          ? 'Not started'
                          : 'Work stopped'}
                  </Typography>
                </Box>
                <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'center' }}>
                  {r.status === 'ASSIGNED' ? (
                    <Button
                      variant="contained"
                      size="large"
                      startIcon={<PlayArrow />}
                      onClick={() => start.mutate()}
                      disabled={!may.start || start.isPending}
                    >
                      Start Work
                    </Button>
                  ) : null}
                  {r.status === 'IN_PROGRESS' ? (
                    <Button
                      variant="contained"
                      color="error"
                      size="large"
                      startIcon={<Stop />}
                      onClick={() => setDialog('complete')}
                      disabled={!may.complete}
                    >
                      Complete Work
                    </Button>
                  ) : null}
                </Stack>
                <Divider />
                <Box>
                  <Typography variant="subtitle2" sx={{ mb: 1 }}>
                    Work Photos
                  </Typography>
                  <PhotoUploader requestId={r.id} disabled={!may.upload} />
                </Box>
                <Divider />
                <Box>
                  <Typography variant="subtitle2" sx={{ mb: 1 }}>
                    Customer Location
                  </Typography>
                  <LocationCapture
                    value={location}
                    disabled={!may.location}
                    saving={saveLocation.isPending}
                    onChange={(loc) => {
                      if (loc) saveLocation.mutate({ customerId: r.customerId, location: loc });
                    }}
                  />
                </Box>
                {completed ? (
                  <Alert severity="success">This request is completed; its work can no longer be changed.</Alert>
                ) : null}
              </Stack>
            </Section>
          </Grid>
        ) : null}

        <Grid size={{ xs: 12, md: isAssignee ? 7 : 12 }} sx={{ order: { md: 1 } }}>
          <Stack spacing={2}>
            <Section title="Request Details">
              <Grid container columnSpacing={3}>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <Fact label="Customer">
                    <Typography sx={{ fontWeight: 600 }}>{r.customer.name}</Typography>
                    <Typography variant="body2">{r.customer.address}</Typography>
                    <Typography variant="body2">{r.customer.primaryPhone}</Typography>
                    {location ? (
                      <Button
                        size="small"
                        startIcon={<Directions />}
                        href={`https://www.google.com/maps/dir/?api=1&destination=${location.latitude},${location.longitude}`}
                        target="_blank"
                        rel="noopener noreferrer"
                        sx={{ mt: 0.5, ml: -0.5 }}
                      >
                        Navigate to Location
                      </Button>
                    ) : null}
                  </Fact>
                  <Fact label="Region">{r.region.name}</Fact>
                  <Fact label="Requested By">
                    {r.requestedBy.name} ({r.requestedBy.role.name})
                  </Fact>
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <Fact label="Technician">
                    {r.assignedTo ? (
                      r.assignedTo.name
                    ) : (
                      <Box component="span" sx={{ color: 'text.secondary' }}>
                        Not Assigned
                      </Box>
                    )}
                  </Fact>
                  <Fact label="Approved By">{r.approvedBy ? r.approvedBy.name : '—'}</Fact>
                  <Fact label="Sales Approval">{salesApprovalText(r)}</Fact>
                  <Fact label="Created">{formatDateTime(r.createdAt)}</Fact>
                  {r.completedAt ? <Fact label="Completed">{formatDateTime(r.completedAt)}</Fact> : null}
                </Grid>
                <Grid size={12}>
                  <Fact label="Description">
                    <Typography sx={{ whiteSpace: 'pre-wrap' }}>{r.description}</Typography>
                  </Fact>
                </Grid>
              </Grid>
            </Section>

            <Section title="Approval History">
              {r.approvalHistory.length === 0 ? (
                <Typography color="text.secondary">No approvals yet</Typography>
              ) : (
                <Stack divider={<Divider flexItem />} spacing={1.5}>
                  {r.approvalHistory.map((h) => (
                    <Box key={h.id}>
                      <Stack
                        direction="row"
                        useFlexGap
                        sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}
                      >
                        <Typography sx={{ fontWeight: 600 }}>{h.approver.name}</Typography>
                        <Typography variant="body2" color="text.secondary">
                          {h.approverRole}
                        </Typography>
                        <Chip
                          size="small"
                          label={h.stage === 'ACKNOWLEDGE' ? 'ACKNOWLEDGED' : h.status}
                          color={h.status === 'APPROVED' ? 'success' : 'error'}
                        />
                        <Chip
                          size="small"
                          variant="outlined"
                          label={h.stage === 'SALES' ? 'Sales' : h.stage === 'SERVICE' ? 'Service' : 'Completion'}
                        />
                      </Stack>
                      {h.comments ? <Typography sx={{ mt: 0.5 }}>{h.comments}</Typography> : null}
                      <Typography variant="caption" color="text.secondary">
                        {formatDateTime(h.approvedAt)}
                      </Typography>
                    </Box>
                  ))}
                </Stack>
              )}
            </Section>

            <Section title="Work Logs">
              {r.workLogs.length === 0 ? (
                <Typography color="text.secondary">No work logged yet</Typography>
              ) : (
                <Stack divider={<Divider flexItem />} spacing={1.5}>
                  {r.workLogs.map((log) => {
                    const seconds = log.endTime
                      ? Math.floor((new Date(log.endTime).getTime() - new Date(log.startTime).getTime()) / 1000)
                      : null;
                    return (
                      <Box key={log.id}>
                        <Typography sx={{ fontWeight: 600 }}>{log.technician.name}</Typography>
                        <Typography variant="body2">
                          Started {formatDateTime(log.startTime)}
                          {log.endTime ? ` · Ended ${formatDateTime(log.endTime)}` : ' · In progress'}
                          {seconds != null ? ` · ${formatDuration(seconds)}` : ''}
                        </Typography>
                        {log.notes ? (
                          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                            {log.notes}
                          </Typography>
                        ) : null}
                      </Box>
                    );
                  })}
                </Stack>
              )}
            </Section>

            <Section title={`Work Photos (${r.workMedia.length})`}>
              <PhotoGrid media={r.workMedia} />
            </Section>
          </Stack>
        </Grid>
      </Grid>

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
        open={dialog === 'complete'}
        title="Complete Work"
        message="Stop the work timer and mark the work as completed."
        label="Notes (optional)"
        confirmLabel="Complete Work"
        pending={complete.isPending}
        onConfirm={(notes) => complete.mutate(notes)}
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
    </Box>
  );
}
