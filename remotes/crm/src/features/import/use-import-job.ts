import { useQuery } from '@tanstack/react-query';
import { contactImport, isApiError } from '@atrium/api-client';
import { CONTACT_IMPORT_POLL_MS, isContactImportDone } from '@atrium/contracts';

/** Whether the job is gone for good (another business's, or removed): no point asking again. */
export const jobGone = (error: unknown) => isApiError(error) && error.status === 404;

/** The job's status, polled every second until it has completed or failed (or is gone). */
export function useImportJob(jobId: string | null) {
  return useQuery({
    queryKey: ['contact-import', 'job', jobId],
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
