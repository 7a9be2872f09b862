/**
 * A TanStack mutation that speaks the house error rules (ADR 004: one error shape):
 * on failure it toasts the server's message or the spec's fallback; on success it can toast the
 * spec's success text and invalidate queries.
 *
 *   const create = useApiMutation({
 *     mutationFn: (body: UserCreate) => api<User>('/users', { method: 'POST', body, fallback: 'Failed to create user' }),
 *     fallback: 'Failed to create user',
 *     success: 'User created successfully!',
 *     invalidate: [usersQueryKey],
 *     onSuccess: () => setTimeout(() => navigate('/users'), REDIRECT_AFTER_SAVE_MS),
 *   });
 *
 * `cache` puts the answer into the query cache first (a change that answers with the changed
 * record: no refetch of it), then `invalidate` marks what else it moved.
 * `toastError: false` leaves errors to the caller (e.g. a form that shows them on its fields).
 * Field errors: see `applyFieldErrors` in lib/forms.ts.
 */
import {
  type QueryClient,
  type QueryKey,
  type UseMutationResult,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { useToast } from '#web/components/toast.tsx';
import { type ApiError, errorMessage } from './api-client.ts';

export interface ApiMutationOptions<TData, TVars> {
  mutationFn: (vars: TVars) => Promise<TData>;
  /** The spec's fallback text when the server gives no message. */
  fallback: string;
  /** A success toast: fixed text, or computed from the result. */
  success?: string | ((data: TData, vars: TVars) => string);
  /** Cache entries the answer replaces, written before anything is invalidated. */
  cache?: (data: TData, vars: TVars) => { queryKey: QueryKey; data: unknown }[];
  /** Query keys to invalidate after success. */
  invalidate?: QueryKey[];
  toastError?: boolean;
  onSuccess?: (data: TData, vars: TVars) => void;
  onError?: (error: ApiError | Error, vars: TVars) => void;
  /**
   * 'always' for a change that goes through the offline queue: TanStack's default ('online')
   * pauses a mutation while the browser reports no network, so a tap made offline would wait
   * unqueued until the signal came back (issue 31), instead of being saved on the phone at once.
   */
  networkMode?: 'online' | 'always' | 'offlineFirst';
}

export function useApiMutation<TData = unknown, TVars = void>(
  opts: ApiMutationOptions<TData, TVars>,
): UseMutationResult<TData, Error, TVars> {
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation<TData, Error, TVars>({
    mutationFn: opts.mutationFn,
    ...(opts.networkMode ? { networkMode: opts.networkMode } : {}),
    onSuccess: async (data, vars) => {
      if (opts.success) toast.success(typeof opts.success === 'function' ? opts.success(data, vars) : opts.success);
      await updateCache(queryClient, opts, data, vars);
      opts.onSuccess?.(data, vars);
    },
    onError: (error, vars) => {
      if (opts.toastError !== false) toast.error(errorMessage(error, opts.fallback));
      opts.onError?.(error, vars);
    },
  });
}

/** A success's cache work: the answer's entries first, then the invalidations (awaited). */
export async function updateCache<TData, TVars>(
  queryClient: QueryClient,
  opts: Pick<ApiMutationOptions<TData, TVars>, 'cache' | 'invalidate'>,
  data: TData,
  vars: TVars,
): Promise<void> {
  for (const entry of opts.cache?.(data, vars) ?? []) queryClient.setQueryData(entry.queryKey, entry.data);
  if (opts.invalidate) {
    await Promise.all(opts.invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  }
}
