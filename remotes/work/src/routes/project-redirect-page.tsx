import { Navigate, useLocation } from '@atrium/ui';

/**
 * /projects/{projectId} opens the project on its activity tab (docs/requirements.md §2); /projects/{id}#notes,
 * the address of an entity's notes, opens its notes tab.
 */
export default function ProjectRedirectPage() {
  const { hash } = useLocation();
  const tab = hash === '#notes' ? 'notes' : 'activity';
  return <Navigate to={{ pathname: tab, hash }} replace relative="path" />;
}
