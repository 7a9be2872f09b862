/** Query keys of the technician screens (the requests feature invalidates ['technician'] after a change). */
export const technicianQueryKey = ['technician'] as const;
