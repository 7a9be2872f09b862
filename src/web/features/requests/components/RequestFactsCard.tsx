/** The details page's "Request Details" card: customer (with directions), region, people, dates, description. */
import Directions from '@mui/icons-material/Directions';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { RequestDetails } from '#shared/contracts/service-requests.ts';
import { formatDateTime } from '#shared/domain/format.ts';
import { formatPhone } from '#shared/domain/phone.ts';
import { customerLocationOf, Fact, Section } from './DetailsSection.tsx';

function salesApprovalText(r: RequestDetails): string {
  if (!r.needsSalesApproval) return r.salesApproved ? 'Approved at creation' : 'Not required';
  return r.salesApproved ? 'Approved' : 'Awaiting sales approval';
}

export function RequestFactsCard({ request: r }: { request: RequestDetails }) {
  const location = customerLocationOf(r);
  return (
    <Section title="Request Details">
      <Grid container columnSpacing={3}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Fact label="Customer">
            <Typography sx={{ fontWeight: 600 }}>{r.customer.name}</Typography>
            <Typography variant="body2">{r.customer.address}</Typography>
            <Typography variant="body2">{formatPhone(r.customer.primaryPhone)}</Typography>
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
  );
}
