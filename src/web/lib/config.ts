/**
 * The public configuration (GET /api/config): the service name shown in the drawer and on the
 * login screen, and whether the demo (with its quick-fill accounts) is on. Read once per load.
 */
import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '#shared/contracts/auth.ts';
import { api } from './api-client.ts';

export const configQueryKey = ['config'] as const;

export const DEFAULT_SERVICE_NAME = 'AquaDesk Service';

export function fetchPublicConfig(): Promise<PublicConfig> {
  return api<PublicConfig>('/config');
}

export function usePublicConfig() {
  return useQuery({
    queryKey: configQueryKey,
    queryFn: fetchPublicConfig,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: 2,
  });
}

/** The service name, or the default while the config loads. */
export function useServiceName(): string {
  return usePublicConfig().data?.serviceName ?? DEFAULT_SERVICE_NAME;
}
