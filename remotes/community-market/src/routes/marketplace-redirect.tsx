import { Navigate } from '@atrium/ui';

/** /marketplace redirects to /communities (spec section 2). */
export default function MarketplaceRedirect() {
  return <Navigate to="/communities" replace />;
}
