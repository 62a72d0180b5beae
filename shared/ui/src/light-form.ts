import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { FormErrors } from './form-errors';

type Values = Record<string, unknown>;

export interface LightFormOptions<V extends Values> {
  initialValues: V;
  /** All fields at once, on submit (a LazySchemaResolver, or any function giving errors by field). */
  validate: (values: V) => FormErrors | Promise<FormErrors>;
}

export interface LightForm<V extends Values> {
  key(path: string): string;
  getInputProps(path: string, options?: { type?: 'input' | 'checkbox' }): object;
  getValues(): V;
  setErrors(errors: Record<string, string | undefined>): void;
  onSubmit(handler: (values: V) => unknown): (event?: FormEvent<HTMLFormElement>) => void;
}

/**
 * The first screen's form (sign-in, sign-up): the subset of Mantine form's uncontrolled `useForm` those pages use —
 * `key`, `getInputProps` (text and checkbox), `getValues`, `setErrors`, `onSubmit` — so that /signin does not load
 * @mantine/form (~6 KB gz). As there: fields keep their own value, every field is checked on submit, a field's
 * error clears when it changes, and the handler runs only when nothing is wrong. Other forms use `useForm` from
 * '@atrium/ui/form' (or '@atrium/ui').
 */
export function useLightForm<V extends Values>({ initialValues, validate }: LightFormOptions<V>): LightForm<V> {
  const values = useRef<V>({ ...initialValues });
  const [errors, setErrorState] = useState<FormErrors>({});
  const setErrors = useCallback((next: Record<string, string | undefined>) => {
    setErrorState(Object.fromEntries(Object.entries(next).filter(([, m]) => !!m)) as FormErrors);
  }, []);
  const clearError = (path: string) =>
    setErrorState((prev) => {
      if (!(path in prev)) return prev;
      const { [path]: _cleared, ...rest } = prev;
      return rest;
    });
  return {
    key: (path) => path,
    getValues: () => values.current,
    setErrors,
    getInputProps(path, options) {
      const checkbox = options?.type === 'checkbox';
      const onChange = (event: ChangeEvent<HTMLInputElement>) => {
        const target = event.currentTarget;
        values.current = { ...values.current, [path]: checkbox ? target.checked : target.value };
        clearError(path);
      };
      const current = values.current[path];
      return checkbox
        ? { defaultChecked: current, onChange, error: errors[path] }
        : { defaultValue: current, onChange, error: errors[path] };
    },
    onSubmit: (handler) => (event) => {
      event?.preventDefault();
      void Promise.resolve(validate(values.current)).then(
        (found) => {
          setErrors(found);
          if (!Object.values(found).some(Boolean)) return handler(values.current);
          return undefined;
        },
        () => undefined,
      );
    },
  };
}
