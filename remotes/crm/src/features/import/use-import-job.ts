import { useQuery } from '@tanstack/react-query';
import { contactImport } from '@atrium/api-client';
import { CONTACT_IMPORT_POLL_MS, isContactImportDone } from '@atrium/contracts';

/** The job's status, polled every second until it has completed or failed. */
export function useImportJob(jobId: string | null) {
  return useQuery({
    queryKey: ['contact-import', 'job', jobId],
    queryFn: () => contactImport.status(jobId!),
    enabled: !!jobId,
    refetchInterval: (query) =>
      query.state.data && isContactImportDone(query.state.data.status) ? false : CONTACT_IMPORT_POLL_MS,
    refetchIntervalInBackground: true,
    gcTime: 0,
  });
}
