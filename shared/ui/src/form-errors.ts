/** A form's errors by field path (Mantine form's FormErrors). */
export type FormErrors = Record<string, string>;

interface Issue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

/**
 * Standard Schema issues → errors by path, the first issue of a path winning: what Mantine form's schemaResolver
 * gives, without loading @mantine/form on the first screen.
 */
export function issuesToErrors(issues: readonly Issue[]): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const path = issue.path ? issue.path.map((s) => String(typeof s === 'object' ? s.key : s)).join('.') : '';
    if (!(path in errors) && issue.message) errors[path] = issue.message;
  }
  return errors;
}
