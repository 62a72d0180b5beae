import {
  LIST_OPERATORS,
  OPERATOR_LABELS,
  VALUELESS_OPERATORS,
  fieldType,
  newFilterCondition,
  newFilterGroup,
  operatorsFor,
  type FilterCondition,
  type FilterGroup,
  type FilterOperator,
} from '@atrium/contracts';
import { ActionIcon, Button, Group, Paper, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';

export interface FilterBuilderField {
  name: string;
  label: string;
  /** An enumeration (e.g. status): the value is picked from these. */
  values?: readonly string[];
}

interface FilterBuilderProps {
  fields: FilterBuilderField[];
  value: FilterGroup[];
  onChange: (groups: FilterGroup[]) => void;
}

function ValueInput({
  field,
  condition,
  onChange,
}: {
  field?: FilterBuilderField;
  condition: FilterCondition;
  onChange: (v: unknown) => void;
}) {
  const op = condition.operator as FilterOperator;
  if (VALUELESS_OPERATORS.includes(op)) return null;
  const label = `Value for ${field?.label ?? condition.field}`;
  if (LIST_OPERATORS.includes(op)) {
    const text = Array.isArray(condition.value) ? condition.value.join(', ') : '';
    return (
      <TextInput
        aria-label={label}
        placeholder="a, b, c"
        value={text}
        onChange={(e) =>
          onChange(
            e.currentTarget.value
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
          )
        }
      />
    );
  }
  if (field?.values) {
    return (
      <Select
        aria-label={label}
        data={[...field.values]}
        value={(condition.value as string) ?? null}
        onChange={onChange}
        comboboxProps={{ withinPortal: false }}
      />
    );
  }
  const type = fieldType(condition.field);
  return (
    <TextInput
      aria-label={label}
      type={type === 'date' ? 'date' : type === 'number' ? 'number' : 'text'}
      value={condition.value === null || condition.value === undefined ? '' : String(condition.value)}
      onChange={(e) => {
        const raw = e.currentTarget.value;
        onChange(type === 'number' && raw !== '' ? Number(raw) : raw);
      }}
    />
  );
}

/**
 * Filter groups (spec section 3): groups are combined with AND; inside a group conditions use the group's
 * combinator (AND by default). A condition built from a field starts as "equals" with no value; the field's
 * type (from its name) decides the operators and the value input.
 */
export function FilterBuilder({ fields, value, onChange }: FilterBuilderProps) {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const fieldOptions = fields.map((f) => ({ value: f.name, label: f.label }));
  const setGroup = (i: number, g: FilterGroup) => onChange(value.map((x, j) => (j === i ? g : x)));
  const setCondition = (gi: number, ci: number, patch: Partial<FilterCondition>) => {
    const g = value[gi]!;
    setGroup(gi, { ...g, conditions: g.conditions.map((c, j) => (j === ci ? { ...c, ...patch } : c)) });
  };

  return (
    <Stack gap="xs">
      {value.map((g, gi) => (
        <Paper key={g.id ?? gi} withBorder p="xs" radius="sm">
          <Stack gap={6}>
            <Group justify="space-between">
              <SegmentedControl
                size="xs"
                aria-label="Match"
                data={[
                  { value: 'AND', label: 'All of' },
                  { value: 'OR', label: 'Any of' },
                ]}
                value={g.combinator}
                onChange={(v) => setGroup(gi, { ...g, combinator: v as FilterGroup['combinator'] })}
              />
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                onClick={() => onChange(value.filter((_, j) => j !== gi))}
              >
                Remove group
              </Button>
            </Group>
            {g.conditions.map((c, ci) => (
              <Group key={c.id ?? ci} gap={6} wrap="nowrap" align="flex-start">
                <Select
                  aria-label="Field"
                  data={fieldOptions}
                  value={c.field}
                  allowDeselect={false}
                  onChange={(f) => f && setCondition(gi, ci, { field: f, operator: 'eq', value: null })}
                  comboboxProps={{ withinPortal: false }}
                  w={150}
                />
                <Select
                  aria-label="Operator"
                  data={operatorsFor(fieldType(c.field)).map((o) => ({ value: o, label: OPERATOR_LABELS[o] }))}
                  value={c.operator}
                  allowDeselect={false}
                  onChange={(o) =>
                    o &&
                    setCondition(gi, ci, {
                      operator: o as FilterOperator,
                      value: LIST_OPERATORS.includes(o as FilterOperator) ? [] : null,
                    })
                  }
                  comboboxProps={{ withinPortal: false }}
                  w={170}
                />
                <ValueInput
                  field={byName.get(c.field)}
                  condition={c}
                  onChange={(v) => setCondition(gi, ci, { value: v })}
                />
                <ActionIcon
                  variant="subtle"
                  aria-label="Remove condition"
                  onClick={() => setGroup(gi, { ...g, conditions: g.conditions.filter((_, j) => j !== ci) })}
                >
                  ✕
                </ActionIcon>
              </Group>
            ))}
            <Select
              aria-label="Add condition"
              placeholder="+ Add condition"
              data={fieldOptions}
              value={null}
              onChange={(f) => f && setGroup(gi, { ...g, conditions: [...g.conditions, newFilterCondition(f)] })}
              comboboxProps={{ withinPortal: false }}
              w={200}
              size="xs"
            />
          </Stack>
        </Paper>
      ))}
      {value.length === 0 && (
        <Text size="xs" c="dimmed">
          No advanced filters.
        </Text>
      )}
      <Group>
        <Button size="xs" variant="light" onClick={() => onChange([...value, newFilterGroup()])}>
          Add filter group
        </Button>
      </Group>
    </Stack>
  );
}
