/** Query keys of the System page (issue 32): its one query, under the feature's own root. */
export const SYSTEM_KEYS = {
  root: ['system'] as const,
  backups: ['system', 'backups'] as const,
};
