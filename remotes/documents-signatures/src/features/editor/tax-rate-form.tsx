import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fieldErrorsOf } from '@atrium/api-client';
import { Button, Group, TextInput, handleError } from '@atrium/ui';
import { taxRateInputSchema, taxRateKeys, taxRates } from '@atrium/domain-documents';
import { parsePercent } from './editor-values';

/** Adds a tax rate to the business's list (name and percent), checked with the slice's schema. */
export function TaxRateForm({ onDone }: { onDone: () => void }) {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [rate, setRate] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: taxRates.create,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: taxRateKeys.all });
      onDone();
    },
    onError: (e) => {
      const fields = fieldErrorsOf(e);
      if (fields) setErrors(fields);
      else handleError(e);
    },
  });
  const submit = () => {
    const bp = parsePercent(rate);
    const parsed = taxRateInputSchema.safeParse({ name, rate: bp ?? Number.NaN });
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const i of parsed.error.issues) out[String(i.path[0])] ??= i.message;
      setErrors(out);
      return;
    }
    create.mutate(parsed.data);
  };
  return (
    <Group align="flex-start" gap="xs">
      <TextInput label="Tax name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} />
      <TextInput
        label="Rate (%)"
        inputMode="decimal"
        value={rate}
        onChange={(e) => setRate(e.currentTarget.value)}
        error={errors.rate}
        w={110}
      />
      <Group gap="xs" mt={25}>
        <Button onClick={submit} loading={create.isPending}>
          Add tax rate
        </Button>
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </Group>
  );
}
