/** The details page's "Approval History": each approval, rejection and acknowledgement, oldest first. */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RequestDetails } from '#shared/contracts/service-requests.ts';
import { formatDateTime } from '#shared/domain/format.ts';
import { Section } from './DetailsSection.tsx';

export function ApprovalHistory({ entries }: { entries: RequestDetails['approvalHistory'] }) {
  return (
    <Section title="Approval History">
      {entries.length === 0 ? (
        <Typography color="text.secondary">No approvals yet</Typography>
      ) : (
        <Stack divider={<Divider flexItem />} spacing={1.5}>
          {entries.map((h) => (
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
                  label={
                    h.stage === 'ACKNOWLEDGE' ? 'ACKNOWLEDGED' : h.status === 'RESET' ? 'APPROVAL WITHDRAWN' : h.status
                  }
                  color={h.status === 'APPROVED' ? 'success' : h.status === 'RESET' ? 'default' : 'error'}
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
  );
}
