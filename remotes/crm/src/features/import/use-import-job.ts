import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@atrium/api-client';
import { contactImport, CONTACT_IMPORT_POLL_MS, isContactImportDone, contactImportKeys } from '@atrium/domain-crm';

/** Whether the job is gone for good (another business's, or removed): no point asking again. */
export const jobGone = (error: unknown) => isApiError(error) && error.status === 404;

/** The job's status, polled every second until it has completed or failed (or is gone). */
export function useImportJob(jobId: string | null) {
  return useQuery({
    queryKey: contactImportKeys.job(jobId),
    queryFn: () => contactImport.status(jobId!),
    enabled: !!jobId,
    refetchInterval: (query) =>
      (query.state.data && isContactImportDone(query.state.data.status)) || jobGone(query.state.error)
        ? false
        : CONTACT_IMPORT_POLL_MS,
    retry: (failures, error) => !jobGone(error) && failures < 1,
    refetchIntervalInBackground: true,
    gcTime: 0,
  });
}
