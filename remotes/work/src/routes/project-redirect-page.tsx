import { Navigate } from '@atrium/ui';

/** /projects/{projectId} opens the project on its activity tab (docs/requirements.md §2). */
export default function ProjectRedirectPage() {
  return <Navigate to="activity" replace relative="path" />;
}
