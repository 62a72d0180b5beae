import type { ApiClient } from '@atrium/api-client';
import type {
  Package,
  PackageInput,
  PackageListAnswer,
  PackageListParams,
  PackageSendAnswer,
  PackageUpdate,
  PublicPackage,
} from '../packages';

const enc = encodeURIComponent;

/** Typed calls for packages (docs/requirements.md "Documents: packages"). */
export function packagesApi(client: ApiClient) {
  const base = (id: string) => `packages/${enc(id)}`;
  return {
    /** GET /packages: one page (success, data, pagination). */
    list: (params: PackageListParams = {}, options?: { signal?: AbortSignal }) => {
      const query: Record<string, string> = {};
      for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') query[k] = String(v);
      return client.get<PackageListAnswer>('packages', query, options);
    },
    get: async (id: string) => (await client.get<{ data: Package }>(base(id))).data,
    create: async (input: PackageInput) => (await client.post<{ data: Package }>('packages', input)).data,
    update: async (id: string, input: PackageUpdate) => (await client.put<{ data: Package }>(base(id), input)).data,
    remove: async (id: string) => {
      await client.delete(base(id));
    },
    /** POST /packages/{id}/send: every document sent (their own links), the package link, an email to the client. */
    send: async (id: string) => (await client.post<{ data: PackageSendAnswer }>(`${base(id)}/send`, {})).data,
  };
}
export type PackagesApi = ReturnType<typeof packagesApi>;

/** GET /public/packages/{id}?token=: 404 forged or unknown (→ /document-not-found), 410 expired (→ /document-expired). */
export function publicPackagesApi(client: ApiClient) {
  return {
    view: async (id: string, token: string) =>
      (await client.get<{ data: PublicPackage }>(`public/packages/${enc(id)}`, { token })).data,
  };
}
export type PublicPackagesApi = ReturnType<typeof publicPackagesApi>;
