import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@atrium/api-client';
import { bus, type BusMessage } from '@atrium/event-bus';
import { contacts } from '@atrium/domain-crm/public';
import { projects } from '@atrium/domain-work';
import { envelope, makeProject, renderWithProviders } from '../../test-utils';
import { ProjectModal } from './project-modal';
import ProjectModalEntry from './project-modal-entry';
import { toInput, toFormValues } from './project-form-values';

let events: BusMessage[] = [];
let sub: { unsubscribe(): void };
beforeEach(() => {
  localStorage.clear();
  events = [];
  sub = bus.all().subscribe((m) => events.push(m));
  jest.spyOn(projects, 'types').mockResolvedValue([{ name: 'Wedding', projectCount: 2 }]);
  jest.spyOn(contacts, 'list').mockResolvedValue(envelope([]));
});
afterEach(() => {
  sub.unsubscribe();
  jest.restoreAllMocks();
});

const toasts = () =>
  events.filter((e) => e.type === 'toast:show').map((e) => (e.payload as { message: string }).message);
const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getAllByLabelText(label)[0]!, { target: { value } });

describe('ProjectModal', () => {
  it("shows the schema's messages for a missing title and type and sends nothing", async () => {
    const create = jest.spyOn(projects, 'create');
    renderWithProviders(<ProjectModal onClose={jest.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Create project' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Project type is required')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('refuses a start after the due date with the same message as the server', async () => {
    renderWithProviders(<ProjectModal onClose={jest.fn()} />);
    type(/^Title/, 'Kitchen');
    type(/^Project type/, 'Renovation');
    type(/^Start date/, '2026-05-10');
    type(/^Due date/, '2026-05-01');
    fireEvent.click(screen.getByRole('button', { name: 'Create project' }));
    expect(await screen.findByText('Start date cannot be after due date')).toBeInTheDocument();
  });

  it("creates, says 'Project created successfully' and opens the new project's page", async () => {
    const create = jest.spyOn(projects, 'create').mockResolvedValue(makeProject(9, { _id: 'p9' }));
    const onClose = jest.fn();
    renderWithProviders(<ProjectModal onClose={onClose} />);
    type(/^Title/, '  Smith wedding ');
    type(/^Project type/, 'Wedding');
    type(/^Start date/, '2026-06-01');
    type(/^Location/, 'Town hall');
    type(/^City/, 'Cork');
    fireEvent.click(screen.getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]![0]).toEqual({
      title: 'Smith wedding',
      type: 'Wedding',
      stage: 'planning',
      startDate: '2026-06-01',
      dueDate: null,
      isAllDay: true,
      description: null,
      location: 'Town hall',
      address: { line1: null, line2: null, country: null, state: null, city: 'Cork', zip: null },
      contacts: [],
    });
    await waitFor(() => expect(toasts()).toEqual(['Project created successfully']));
    expect(events).toContainEqual({ type: 'navigate', payload: { to: '/projects/p9' } });
    expect(onClose).toHaveBeenCalled();
  });

  it("keeps the form, puts the server's field messages on their fields and says the failure text", async () => {
    jest
      .spyOn(projects, 'create')
      .mockRejectedValue(
        new ApiError(400, 'VALIDATION_ERROR', 'Invalid project data', [{ field: 'title', message: 'Title taken' }]),
      );
    const onClose = jest.fn();
    renderWithProviders(<ProjectModal onClose={onClose} />);
    type(/^Title/, 'Kitchen');
    type(/^Project type/, 'Renovation');
    fireEvent.click(screen.getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(toasts()).toEqual(['Failed to create project. Please try again.']));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Kitchen');
    expect(screen.getByText('Title taken')).toBeInTheDocument();
  });

  it("keeps the focus in 'Project type' while its list loads and the user types (Title keeps its text)", async () => {
    let loadTypes!: (v: { name: string; projectCount: number }[]) => void;
    jest.spyOn(projects, 'types').mockReturnValue(new Promise((resolve) => (loadTypes = resolve)));
    const user = userEvent.setup();
    renderWithProviders(<ProjectModal onClose={jest.fn()} />);
    const title = screen.getByLabelText(/^Title/);
    await waitFor(() => expect(title).toHaveFocus());
    await user.type(title, 'Smith');
    const projectType = screen.getByRole('combobox', { name: /^Project type/ });
    await user.click(projectType);
    await act(async () => loadTypes([{ name: 'Wedding', projectCount: 2 }]));
    await user.type(projectType, 'Wed');
    // Focused from code as well (as a keyboard shortcut or the browser's autofill would).
    act(() => projectType.focus());
    await user.keyboard('ding');
    // Let any deferred focus (the modal's focus trap runs in a timeout) happen before looking.
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(projectType).toHaveFocus();
    expect(projectType).toHaveValue('Wedding');
    expect(title).toHaveValue('Smith');
  });

  it('edits a project: its values are filled in and the change is a PATCH of the project', async () => {
    const p = makeProject(1, { title: 'Old', type: 'Wedding', stage: 'review', dueDate: '2026-07-01' });
    const update = jest.spyOn(projects, 'update').mockResolvedValue({ ...p, title: 'New' });
    renderWithProviders(<ProjectModal project={p} onClose={jest.fn()} />);
    expect(screen.getByLabelText(/^Due date/)).toHaveValue('2026-07-01');
    type(/^Title/, 'New');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith('p1', expect.objectContaining({ title: 'New', stage: 'review' })),
    );
    await waitFor(() => expect(toasts()).toEqual(['Project updated successfully']));
  });
});

describe("the 'project' modal on the bus", () => {
  it("is a new project without data ('+ New' → Project) and edits the project it is given", async () => {
    const { unmount } = renderWithProviders(<ProjectModalEntry onClose={jest.fn()} />);
    expect(await screen.findByRole('button', { name: 'Create project' })).toBeInTheDocument();
    unmount();
    renderWithProviders(
      <ProjectModalEntry onClose={jest.fn()} data={{ project: makeProject(3, { title: 'Loft' }) }} />,
    );
    expect(await screen.findByRole('button', { name: 'Save changes' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Loft');
  });
});

describe('project form values', () => {
  it('turns a local date and time into an instant when the project is not all day', () => {
    const v = toFormValues(null, { title: 'A', type: 'B', isAllDay: false, startDate: '2026-03-01T09:30' });
    expect(toInput(v).startDate).toBe(new Date('2026-03-01T09:30').toISOString());
    expect(toInput(v).address).toBeNull();
  });
});
