import { schemaResolver, type FormErrors } from '@mantine/form';
import { retryImport } from './retry-import';

type Schema = Parameters<typeof schemaResolver>[0];

/** A form's `validate` that fetches its schema on first use; `preload()` starts the fetch earlier. */
export interface LazySchemaResolver {
  (values: unknown): Promise<FormErrors>;
  preload(): void;
}

/**
 * `schemaResolver` for a schema fetched when first needed. The sign-in pages check their fields with the same zod
 * schemas as the server, but zod is not on the first screen: the schema's chunk loads on the form's first focus
 * (`onFocus={validate.preload}`) or, at the latest, on submit, which then waits for it. A failed fetch is retried
 * like a lazy page (retryImport); if it still fails, that submit does nothing and the next one tries again.
 */
export function lazySchemaResolver(load: () => Promise<Schema>): LazySchemaResolver {
  let pending: Promise<(values: unknown) => FormErrors> | null = null;
  const resolver = () => {
    pending ??= retryImport(load).then(
      (schema) => schemaResolver(schema, { sync: true }),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const validate = async (values: unknown) => (await resolver())(values);
  return Object.assign(validate, {
    preload: () => {
      resolver().catch(() => undefined);
    },
  });
}
