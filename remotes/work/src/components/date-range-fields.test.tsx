import { fireEvent, screen } from '@testing-library/react';
import { useForm } from '@atrium/ui';
import { renderWithProviders } from '../test-utils';
import { DateRangeFields } from './date-range-fields';

interface Values {
  title: string;
  startDate: string;
  endDate: string;
  isAllDay: boolean;
}

function Harness({ initial, convertEnd }: { initial: Values; convertEnd?: (v: string, on: boolean) => string }) {
  const form = useForm<Values>({ initialValues: initial });
  return (
    <DateRangeFields
      form={form}
      start={{ field: 'startDate', label: 'Start' }}
      end={{ field: 'endDate', label: form.values.isAllDay ? 'Last day' : 'End' }}
      required
      convertEnd={convertEnd}
    />
  );
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

describe('DateRangeFields', () => {
  it('edits days when all day, local date-times otherwise, keeping each day across the switch', () => {
    renderWithProviders(
      <Harness initial={{ title: '', startDate: '2026-11-20', endDate: '2026-11-22', isAllDay: true }} />,
    );
    expect(field('Start')).toHaveAttribute('type', 'date');
    expect(field('Last day')).toHaveValue('2026-11-22');
    fireEvent.click(screen.getByRole('switch', { name: 'All day' }));
    expect(field('Start')).toHaveAttribute('type', 'datetime-local');
    expect(field('Start')).toHaveValue('2026-11-20T09:00');
    expect(field('End')).toHaveValue('2026-11-22T09:00');
    fireEvent.change(field('End'), { target: { value: '2026-11-23T17:30' } });
    fireEvent.click(screen.getByRole('switch', { name: 'All day' }));
    expect(field('Start')).toHaveValue('2026-11-20');
    expect(field('Last day')).toHaveValue('2026-11-23');
  });

  it("follows the end's own rule when given one, and marks both as required", () => {
    renderWithProviders(
      <Harness
        initial={{ title: '', startDate: '2026-11-20', endDate: '2026-11-20', isAllDay: true }}
        convertEnd={(v, on) => (on ? v.slice(0, 10) : `${v}T10:00`)}
      />,
    );
    fireEvent.click(screen.getByRole('switch', { name: 'All day' }));
    expect(field('Start')).toHaveValue('2026-11-20T09:00');
    expect(field('End')).toHaveValue('2026-11-20T10:00');
    // Mantine's asterisk on each label.
    expect(document.querySelectorAll('.mantine-InputWrapper-required')).toHaveLength(2);
  });
});
