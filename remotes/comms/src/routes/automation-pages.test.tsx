import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { clearTestSession, sampleUser, setTestSession } from '@atrium/api-client/testing';
import { automations, type Automation, type AutomationRun } from '@atrium/domain-comms';
import { renderWithProviders } from '../test-utils';
import AutomationEditorPage from './automation-editor-page';
import AutomationsPage from './automations-page';

const automation = (over: Partial<Automation> = {}): Automation => ({
  _id: 'a1',
  name: 'Call new contacts',
  trigger: 'contact.created',
  conditions: [],
  steps: [{ type: 'create_task', title: 'Call them', priority: 'high', status: 'todo', dueInDays: null }],
  enabled: true,
  dateTrigger: null,
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
  lastRunAt: '2026-11-02T10:00:00Z',
  runCount: 3,
  ...over,
});

const choices = {
  templates: [{ value: 't1', label: 'Welcome' }],
  groups: [{ value: 'g1', label: 'VIP' }],
  members: [{ value: 'u1', label: 'Ann Owner' }],
};

beforeEach(() => setTestSession({ status: 'authenticated', user: sampleUser }));
afterEach(() => {
  jest.restoreAllMocks();
  clearTestSession();
});

const pick = async (label: string, option: string) => {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

test('list: each automation with its trigger, steps, runs and last run; the switch turns it off', async () => {
  const a = automation();
  jest.spyOn(automations, 'list').mockResolvedValue([a]);
  const update = jest.spyOn(automations, 'update').mockResolvedValue({ ...a, enabled: false });
  renderWithProviders(<AutomationsPage />, '/automation');
  const row = (await screen.findByRole('link', { name: 'Call new contacts' })).closest('tr')!;
  expect(within(row).getByText('Contact created')).toBeInTheDocument();
  expect(within(row).getByText('3')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'New automation' })).toHaveAttribute('href', '/automation/new');
  fireEvent.click(within(row).getByRole('switch', { name: 'Call new contacts on' }));
  await waitFor(() => expect(update).toHaveBeenCalled());
  expect(update.mock.calls[0]).toEqual([
    'a1',
    { name: a.name, trigger: a.trigger, conditions: [], steps: a.steps, enabled: false, dateTrigger: null },
  ]);
});

test('list: a "Date reached" says which date and when, and its switch keeps the date', async () => {
  const a = automation({ trigger: 'date.reached', dateTrigger: { field: 'invoice.dueDate', offsetDays: -3 } });
  jest.spyOn(automations, 'list').mockResolvedValue([a]);
  const update = jest.spyOn(automations, 'update').mockResolvedValue({ ...a, enabled: false });
  renderWithProviders(<AutomationsPage />, '/automation');
  const row = (await screen.findByRole('link', { name: 'Call new contacts' })).closest('tr')!;
  expect(within(row).getByText('Date reached: 3 days before Invoice due date')).toBeInTheDocument();
  fireEvent.click(within(row).getByRole('switch', { name: 'Call new contacts on' }));
  await waitFor(() => expect(update).toHaveBeenCalled());
  expect(update.mock.calls[0]![1]).toMatchObject({
    enabled: false,
    dateTrigger: { field: 'invoice.dueDate', offsetDays: -3 },
  });
});

test('list: a member reads automations but gets no New button and no switch to flip', async () => {
  setTestSession({ status: 'authenticated', user: { ...sampleUser, role: 'member' } });
  jest.spyOn(automations, 'list').mockResolvedValue([automation()]);
  renderWithProviders(<AutomationsPage />, '/automation');
  expect(await screen.findByText('Only owners and admins can create or change automations.')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'New automation' })).not.toBeInTheDocument();
  expect(await screen.findByRole('switch', { name: 'Call new contacts on' })).toBeDisabled();
});

test('list: no automations and a failed load say so', async () => {
  jest.spyOn(automations, 'list').mockRejectedValueOnce(new Error('down'));
  renderWithProviders(<AutomationsPage />, '/automation');
  expect(await screen.findByText('Failed to load automations')).toBeInTheDocument();
});

test('new: nothing filled in → the schema’s messages, nothing sent', async () => {
  jest.spyOn(automations, 'options').mockResolvedValue(choices);
  const create = jest.spyOn(automations, 'create');
  renderWithProviders(<AutomationEditorPage />, '/automation/new');
  await userEvent.click(screen.getByRole('button', { name: 'Save automation' }));
  expect(await screen.findByText('Automation name is required')).toBeInTheDocument();
  expect(screen.getByText('Choose a trigger')).toBeInTheDocument();
  expect(screen.getByText('Add at least one step')).toBeInTheDocument();
  expect(create).not.toHaveBeenCalled();
});

test('new: "task created → create a task" would trigger itself: refused with the message, nothing sent', async () => {
  jest.spyOn(automations, 'options').mockResolvedValue(choices);
  const create = jest.spyOn(automations, 'create');
  renderWithProviders(<AutomationEditorPage />, '/automation/new');
  fireEvent.change(screen.getByLabelText(/Automation name/), { target: { value: 'Loop' } });
  await pick('Trigger', 'Task created');
  await userEvent.click(screen.getByRole('button', { name: 'Add step' }));
  fireEvent.change(screen.getByLabelText('Step 1 task title'), { target: { value: 'Again' } });
  await userEvent.click(screen.getByRole('button', { name: 'Save automation' }));
  expect(
    await screen.findByText(
      'This automation would trigger itself: its trigger is "task.created" and a step would cause it ("Create a task")',
    ),
  ).toBeInTheDocument();
  expect(create).not.toHaveBeenCalled();
});

test('new: trigger, a condition and two steps are saved as the API takes them; then its edit page', async () => {
  jest.spyOn(automations, 'options').mockResolvedValue(choices);
  const create = jest.spyOn(automations, 'create').mockResolvedValue(automation({ _id: 'a9' }));
  renderWithProviders(
    <Routes>
      <Route path="/automation/new" element={<AutomationEditorPage />} />
    </Routes>,
    '/automation/new',
  );
  fireEvent.change(screen.getByLabelText(/Automation name/), { target: { value: 'VIP follow-up' } });
  await pick('Trigger', 'Form submitted');
  await userEvent.click(screen.getByRole('button', { name: 'Add condition' }));
  await pick('Condition 1 field', 'email');
  await pick('Comparison', 'contains');
  fireEvent.change(screen.getByLabelText('Value'), { target: { value: '@vip.test' } });
  await userEvent.click(screen.getByRole('button', { name: 'Add step' }));
  fireEvent.change(screen.getByLabelText('Step 1 task title'), { target: { value: 'Call back' } });
  fireEvent.change(screen.getByLabelText('Due in days'), { target: { value: '2' } });
  await pick('Step type', 'Notify a member');
  await userEvent.click(screen.getByRole('button', { name: 'Add step' }));
  await pick('Step 2 member', 'Ann Owner');
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'A VIP wrote' } });
  await userEvent.click(screen.getByRole('button', { name: 'Save automation' }));
  await waitFor(() => expect(create).toHaveBeenCalled());
  expect(create.mock.calls[0]![0]).toEqual({
    name: 'VIP follow-up',
    trigger: 'form.submitted',
    conditions: [{ field: 'email', operator: 'contains', value: '@vip.test' }],
    steps: [
      { type: 'create_task', title: 'Call back', priority: 'regular', status: 'todo', dueInDays: 2 },
      { type: 'notify_member', userId: 'u1', message: 'A VIP wrote' },
    ],
    enabled: true,
    dateTrigger: null,
  });
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/automation/a9/edit'));
});

test('new: "Date reached" asks for the date and the days before or after it; a bad offset is refused before sending', async () => {
  jest.spyOn(automations, 'options').mockResolvedValue(choices);
  const create = jest.spyOn(automations, 'create').mockResolvedValue(automation({ _id: 'a8' }));
  renderWithProviders(
    <Routes>
      <Route path="/automation/new" element={<AutomationEditorPage />} />
    </Routes>,
    '/automation/new',
  );
  fireEvent.change(screen.getByLabelText(/Automation name/), { target: { value: 'Chase unpaid' } });
  await pick('Trigger', 'Date reached');
  expect(screen.getByText(/Checked every minute, in UTC/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Add step' }));
  fireEvent.change(screen.getByLabelText('Step 1 task title'), { target: { value: 'Chase the invoice' } });
  await userEvent.click(screen.getByRole('button', { name: 'Save automation' }));
  expect(await screen.findByText('Choose the date to watch')).toBeInTheDocument();
  await pick('Date', 'Invoice due date');
  fireEvent.change(screen.getByLabelText('Days'), { target: { value: '400' } });
  await userEvent.click(screen.getByRole('button', { name: 'Save automation' }));
  expect(
    await screen.findByText('The offset is a whole number of days, at most 365 before or after the date'),
  ).toBeInTheDocument();
  expect(create).not.toHaveBeenCalled();
  fireEvent.change(screen.getByLabelText('Days'), { target: { value: '3' } });
  await pick('Before or after', 'before the date');
  await userEvent.click(screen.getByRole('button', { name: 'Add condition' }));
  await pick('Condition 1 field', 'status');
  await pick('Comparison', 'does not equal');
  fireEvent.change(screen.getByLabelText('Value'), { target: { value: 'paid' } });
  await userEvent.click(screen.getByRole('button', { name: 'Save automation' }));
  await waitFor(() => expect(create).toHaveBeenCalled());
  expect(create.mock.calls[0]![0]).toMatchObject({
    trigger: 'date.reached',
    dateTrigger: { field: 'invoice.dueDate', offsetDays: -3 },
    conditions: [{ field: 'status', operator: 'not_equals', value: 'paid' }],
  });
});

test('edit: a saved "Date reached" shows its date, days and direction', async () => {
  jest.spyOn(automations, 'options').mockResolvedValue(choices);
  jest
    .spyOn(automations, 'get')
    .mockResolvedValue(automation({ trigger: 'date.reached', dateTrigger: { field: 'task.dueDate', offsetDays: 2 } }));
  jest.spyOn(automations, 'runs').mockResolvedValue([]);
  renderWithProviders(
    <Routes>
      <Route path="/automation/:automationId/edit" element={<AutomationEditorPage />} />
    </Routes>,
    '/automation/a1/edit',
  );
  const box = await screen.findByTestId('automation-date-trigger');
  expect(screen.getByRole('combobox', { name: 'Date' })).toHaveValue('Task due date');
  expect(within(box).getByLabelText('Days')).toHaveValue(2);
  expect(screen.getByRole('combobox', { name: 'Before or after' })).toHaveValue('after the date');
});

test('edit: the saved automation fills the form; the run history shows each step’s result', async () => {
  jest.spyOn(automations, 'options').mockResolvedValue(choices);
  jest.spyOn(automations, 'get').mockResolvedValue(automation());
  const run: AutomationRun = {
    _id: 'r1',
    automationId: 'a1',
    eventType: 'contact.created',
    recordId: 'c1',
    status: 'failed',
    nextStep: 2,
    results: [
      {
        step: 0,
        type: 'create_task',
        status: 'done',
        message: 'Created task "Call them" (t1)',
        at: '2026-11-02T10:00:00Z',
      },
      { step: 1, type: 'send_email', status: 'failed', message: 'Gmail is not connected', at: '2026-11-02T10:00:01Z' },
    ],
    error: 'Gmail is not connected',
    createdAt: '2026-11-02T10:00:00Z',
    finishedAt: '2026-11-02T10:00:01Z',
  };
  jest.spyOn(automations, 'runs').mockResolvedValue([run]);
  renderWithProviders(
    <Routes>
      <Route path="/automation/:automationId/edit" element={<AutomationEditorPage />} />
    </Routes>,
    '/automation/a1/edit',
  );
  expect(await screen.findByRole('heading', { name: 'Call new contacts' })).toBeInTheDocument();
  expect(screen.getByLabelText(/Automation name/)).toHaveValue('Call new contacts');
  expect(screen.getByLabelText('Step 1 task title')).toHaveValue('Call them');
  const history = await screen.findByRole('table', { name: 'Run history' });
  // The run's badge and its second step's.
  expect(within(history).getAllByText('Failed')).toHaveLength(2);
  expect(within(history).getByText('1. Create a task: Created task "Call them" (t1)')).toBeInTheDocument();
  expect(within(history).getByText('2. Send an email template: Gmail is not connected')).toBeInTheDocument();
});
