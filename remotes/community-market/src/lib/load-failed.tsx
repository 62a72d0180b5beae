import { isApiError } from '@atrium/api-client';
import { Alert } from '@atrium/ui';

/**
 * A page's record could not be read: the slice's "not found" text for a 404 (a private community's content answers
 * 404 too), else "<What> could not be loaded"; the server's message below either.
 */
export function LoadFailed({ error, notFound, what }: { error: Error; notFound: string; what: string }) {
  return (
    <Alert color="red" title={isApiError(error) && error.status === 404 ? notFound : `${what} could not be loaded`}>
      {error.message}
    </Alert>
  );
}
