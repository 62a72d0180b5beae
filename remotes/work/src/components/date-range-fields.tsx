import { SimpleGrid, Switch, TextInput, type UseFormReturnType } from '@atrium/ui';
import { convertDateInput } from '../lib/task-dates';

/** The form's fields that hold a date input's text. */
type DateField<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * The 'All day' switch over a start and an end date input (tasks, meetings, projects): all day edits days
 * ('date' inputs), otherwise local date-times; switching keeps each value's day (a day gains 09:00). The inputs
 * are keyed by their type, so a value never sits in an input of the other type.
 */
export function DateRangeFields<V extends { isAllDay: boolean }>({
  form,
  start,
  end,
  required = false,
  cols = 2,
  convertEnd = convertDateInput,
}: {
  form: UseFormReturnType<V>;
  start: { field: DateField<V>; label: string };
  end: { field: DateField<V>; label: string };
  /** Both dates are required (an asterisk on each). */
  required?: boolean;
  cols?: number | { base: number; sm: number };
  /** How the end's value follows the switch; by default as the start's. */
  convertEnd?: (value: string, toAllDay: boolean) => string;
}) {
  const allDay = form.values.isAllDay;
  const dateType = allDay ? 'date' : 'datetime-local';
  const valueOf = (field: DateField<V>) => form.values[field] as string;
  const toggleAllDay = (on: boolean) =>
    form.setValues({
      isAllDay: on,
      [start.field]: convertDateInput(valueOf(start.field), on),
      [end.field]: convertEnd(valueOf(end.field), on),
    } as Partial<V>);
  return (
    <>
      <Switch label="All day" checked={allDay} onChange={(e) => toggleAllDay(e.currentTarget.checked)} />
      <SimpleGrid cols={cols}>
        {[start, end].map(({ field, label }) => (
          <TextInput
            key={`${field}-${dateType}`}
            label={label}
            withAsterisk={required}
            type={dateType}
            {...form.getInputProps(field)}
          />
        ))}
      </SimpleGrid>
    </>
  );
}
