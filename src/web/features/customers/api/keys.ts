/** Query keys of the customers feature. */
export const customersQueryKey = ['customers'] as const;
