import { useQuery } from '@tanstack/react-query';
import { LoadError, PageSkeleton, useParams } from '@atrium/ui';
import { packageKeys, packages } from '@atrium/domain-documents';
import { PackageBuilder } from '../features/packages/package-builder';

/** /packages/new and /packages/{id}: the package builder (a new package, or one saved or sent). */
export default function PackageBuilderPage() {
  const { id } = useParams();
  const q = useQuery({
    queryKey: packageKeys.one(id),
    queryFn: () => packages.get(id!),
    enabled: !!id && id !== 'new',
    retry: false,
  });
  if (!id || id === 'new') return <PackageBuilder pkg={null} />;
  if (q.isPending) return <PageSkeleton rows={6} />;
  if (q.isError)
    return (
      <LoadError title="The package could not be loaded" message={q.error.message} onRetry={() => void q.refetch()} />
    );
  return <PackageBuilder key={q.data._id} pkg={q.data} />;
}
