/**
 * /my-requests: the requests the user raised (the dashboard's Recent Requests "View all"; ADR 020),
 * for every role that may raise one, a Salesman included. The server limits the list
 * (`GET /service-requests?mine=true`); the table, search and status filter are those of the list.
 */
import RequestsPage from './RequestsPage.tsx';

export default function MyRequestsPage() {
  return <RequestsPage mine />;
}
