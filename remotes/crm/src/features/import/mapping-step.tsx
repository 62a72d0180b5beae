import { Alert, Button, formatCount, Group, ScrollArea, Select, Stack, Table, Text } from '@atrium/ui';
import { CONTACT_IMPORT_FIELD_LABELS, type ContactImportMapping, type ContactUploadResult } from '@atrium/domain-crm';
import { fieldOptions, mappingProblems, SKIP } from './import-helpers';

interface MappingStepProps {
  upload: ContactUploadResult;
  mapping: ContactImportMapping;
  onChange: (mapping: ContactImportMapping) => void;
  /** Re-applies the suggestion from the column names. */
  onSuggest: () => void;
  onBack: () => void;
  onNext: () => void;
  validating: boolean;
  error: string | null;
}

/** Step 2: a field per column (prefilled with the suggestion) and a preview of the first rows. */
export function MappingStep(props: MappingStepProps) {
  const { upload, mapping, onChange, onSuggest, onBack, onNext, validating, error } = props;
  const problems = mappingProblems(mapping);
  const sample = (i: number) => upload.preview.find((row) => row[i]?.trim())?.[i] ?? '';

  return (
    <Stack gap="md">
      <Text size="sm">
        <b>{upload.fileName}</b>: {formatCount(upload.rowCount)} rows. Choose the contact field each column fills.
      </Text>
      <ScrollArea.Autosize mah={260} type="auto" offsetScrollbars>
        <Table verticalSpacing={4} aria-label="Column mapping">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Column</Table.Th>
              <Table.Th>Example</Table.Th>
              <Table.Th>Import as</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {upload.headers.map((header, i) => (
              <Table.Tr key={header}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {header}
                  </Text>
                </Table.Td>
                <Table.Td maw={180}>
                  <Text size="sm" c="dimmed" truncate>
                    {sample(i)}
                  </Text>
                </Table.Td>
                <Table.Td w={200}>
                  <Select
                    aria-label={`Field for column ${header}`}
                    size="xs"
                    data={fieldOptions(mapping, header)}
                    value={mapping[header] ?? SKIP}
                    allowDeselect={false}
                    onChange={(value) =>
                      onChange({
                        ...mapping,
                        [header]: value && value !== SKIP ? (value as keyof typeof CONTACT_IMPORT_FIELD_LABELS) : null,
                      })
                    }
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>

      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Preview
        </Text>
        <ScrollArea type="auto" offsetScrollbars>
          <Table withTableBorder fz="xs" aria-label="Preview of the first rows">
            <Table.Thead>
              <Table.Tr>
                {upload.headers.map((h) => (
                  <Table.Th key={h} style={{ whiteSpace: 'nowrap' }}>
                    {h}
                    {mapping[h] && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        → {CONTACT_IMPORT_FIELD_LABELS[mapping[h]!]}
                      </Text>
                    )}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {upload.preview.map((row, r) => (
                <Table.Tr key={r}>
                  {upload.headers.map((h, i) => (
                    <Table.Td key={h} style={{ whiteSpace: 'nowrap' }}>
                      {row[i]}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Stack>

      {problems.length > 0 && (
        <Alert color="yellow" title="Mapping incomplete" data-testid="mapping-problems">
          <Stack gap={2}>
            {problems.map((p) => (
              <Text size="sm" key={p}>
                {p}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      {error && (
        <Alert color="red" title="Validation failed" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="space-between">
        <Group gap="xs">
          <Button variant="default" onClick={onBack} disabled={validating}>
            Back
          </Button>
          <Button variant="subtle" onClick={onSuggest} disabled={validating}>
            Suggest again
          </Button>
        </Group>
        <Button onClick={onNext} disabled={problems.length > 0} loading={validating}>
          Validate
        </Button>
      </Group>
    </Stack>
  );
}
