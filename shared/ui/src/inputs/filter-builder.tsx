import {
  LIST_OPERATORS,
  MAX_FILTER_CONDITIONS,
  MAX_FILTER_GROUPS,
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
import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';

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

const parseList = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Values separated by commas. The box keeps what is typed ('New York, ' on the way to a second value) and sends
 * the parsed list; it shows the list afresh only when the list changes from outside.
 */
function ListTextInput({ label, list, onChange }: { label: string; list: string[]; onChange: (v: string[]) => void }) {
  const [text, setText] = useState(list.join(', '));
  const key = list.join('\u0000');
  useEffect(() => {
    setText((current) => (parseList(current).join('\u0000') === key ? current : key.split('\u0000').join(', ')));
  }, [key]);
  return (
    <TextInput
      aria-label={label}
      placeholder="a, b, c"
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        onChange(parseList(e.currentTarget.value));
      }}
    />
  );
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
    const list = Array.isArray(condition.value) ? condition.value.map(String) : [];
    if (field?.values) {
      return (
        <MultiSelect
          aria-label={label}
          data={[...field.values]}
          value={list}
          onChange={onChange}
          comboboxProps={{ withinPortal: false }}
        />
      );
    }
    return <ListTextInput label={label} list={list} onChange={onChange} />;
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
 * Filter groups (docs/requirements.md §3): groups are combined with AND; inside a group conditions use the group's
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
              // Past the schema's limit the address could not hold the filters any more (all of them were dropped).
              disabled={g.conditions.length >= MAX_FILTER_CONDITIONS}
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
        <Button
          size="xs"
          variant="light"
          disabled={value.length >= MAX_FILTER_GROUPS}
          onClick={() => onChange([...value, newFilterGroup()])}
        >
          Add filter group
        </Button>
      </Group>
    </Stack>
  );
}
