import { useState } from 'react';
import { fieldErrorsOf } from '@atrium/api-client';
import { Button, Group, SignaturePad, Stack, Text, type SignatureValue } from '@atrium/ui';
import { SIGNATURE_MESSAGES, signatureInputSchema, type SignatureInput } from '@atrium/domain-documents';
import { ConsentBox } from './disclosure';

/** The server's message for a field of the body (`signature.image`, `disclosureVersion`…), else the error's own. */
function messageOf(e: unknown, fields: string[]): string | null {
  if (!e) return null;
  const byField = fieldErrorsOf(e);
  if (byField) {
    for (const f of fields) if (byField[f]) return byField[f];
    const first = Object.values(byField)[0];
    if (first) return first;
  }
  return e instanceof Error ? e.message : String(e);
}

/** Step 1: read the disclosure and consent; Continue records the consent (the server stores its version). */
export function ConsentStep({
  onConsent,
  pending,
  error,
}: {
  onConsent: () => void;
  pending: boolean;
  error: unknown;
}) {
  const [checked, setChecked] = useState(false);
  const [tried, setTried] = useState(false);
  const refusal = messageOf(error, ['accepted', 'disclosureVersion']);
  return (
    <Stack>
      <ConsentBox
        checked={checked}
        onChange={setChecked}
        disabled={pending}
        error={tried && !checked ? SIGNATURE_MESSAGES.consentMustAccept : undefined}
      />
      {refusal && (
        <Text size="sm" c="red" role="alert">
          {refusal}
        </Text>
      )}
      <Group justify="flex-end">
        <Button
          loading={pending}
          onClick={() => {
            setTried(true);
            if (checked) onConsent();
          }}
        >
          Agree and continue
        </Button>
      </Group>
    </Stack>
  );
}

export const NOTHING_YET = 'Draw your signature, or choose Type and type your name.';

/** Step 2: draw or type the signature; Finish signs (checked first with the slice's schema). */
export function SignatureStep({
  defaultName,
  onSign,
  pending,
  error,
  finishLabel = 'Finish',
}: {
  defaultName: string;
  onSign: (signature: SignatureInput) => void;
  pending: boolean;
  error: unknown;
  finishLabel?: string;
}) {
  const [value, setValue] = useState<SignatureValue | null>(null);
  const [local, setLocal] = useState<string | null>(null);
  const refusal = local ?? messageOf(error, ['signature.image', 'signature.name', 'signature']);
  return (
    <Stack>
      <Text size="sm">
        Draw your signature in the box with your mouse, finger or pen, or choose Type to type your name. By choosing{' '}
        {finishLabel} you sign the document electronically.
      </Text>
      <SignaturePad
        defaultName={defaultName}
        disabled={pending}
        error={refusal ?? undefined}
        onChange={(v) => {
          setValue(v);
          setLocal(null);
        }}
      />
      <Group justify="flex-end">
        <Button
          loading={pending}
          onClick={() => {
            if (!value) {
              setLocal(NOTHING_YET);
              return;
            }
            const parsed = signatureInputSchema.safeParse(value);
            if (!parsed.success) {
              setLocal(parsed.error.issues[0]?.message ?? SIGNATURE_MESSAGES.invalidSignature);
              return;
            }
            onSign(value);
          }}
        >
          {finishLabel}
        </Button>
      </Group>
    </Stack>
  );
}
