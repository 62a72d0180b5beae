import { issuesToErrors, type FormErrors } from './form-errors';
import { retryImport } from './retry-import';

/** A Standard Schema (zod's schemas are), the part the resolver calls. */
export interface StandardSchema {
  readonly '~standard': {
    validate(value: unknown): StandardResult | Promise<StandardResult>;
  };
}
type StandardResult = { readonly issues?: ReadonlyArray<Parameters<typeof issuesToErrors>[0][number]> };

/** A form's `validate` that fetches its schema on first use; `preload()` starts the fetch earlier. */
export interface LazySchemaResolver {
  (values: unknown): Promise<FormErrors>;
  preload(): void;
}

/**
 * A schema resolver (like Mantine form's schemaResolver) for a schema fetched when first needed. The sign-in pages
 * check their fields with the same zod schemas as the server, but zod is not on the first screen: the schema's
 * chunk loads on the form's first focus (`onFocus={validate.preload}`) or, at the latest, on submit, which then
 * waits for it. A failed fetch is retried like a lazy page (retryImport); if it still fails, that submit does
 * nothing and the next one tries again.
 */
export function lazySchemaResolver(load: () => Promise<StandardSchema>): LazySchemaResolver {
  let pending: Promise<StandardSchema> | null = null;
  const schema = () => {
    pending ??= retryImport(load).catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
  const validate = async (values: unknown) => {
    const result = await (await schema())['~standard'].validate(values);
    return result.issues ? issuesToErrors(result.issues) : {};
  };
  return Object.assign(validate, {
    preload: () => {
      schema().catch(() => undefined);
    },
  });
}
