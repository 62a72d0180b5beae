import { Navigate } from '@atrium/ui';

/** /templates redirects to /documents (docs/requirements.md §2): templates are documents saved as templates. */
export default function TemplatesRedirectPage() {
  return <Navigate to="/documents" replace />;
}
