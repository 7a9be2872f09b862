/** /customers/:id: the customer's history (features/customers) with their installed units (features/units). */
import CustomerHistoryPage from '#web/features/customers/CustomerHistoryPage.tsx';
import { CustomerUnits } from '#web/features/units/components/CustomerUnits.tsx';

export default function CustomerHistoryRoute() {
  return <CustomerHistoryPage units={(customerId) => <CustomerUnits customerId={customerId} />} />;
}
