import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '@atrium/api-client';
import { bus, type BusMessage } from '@atrium/event-bus';
import { UiProvider } from '@atrium/ui';
import {
  contactImport,
  type ContactImportJob,
  type ContactUploadResult,
  type ContactValidateResult,
} from '@atrium/domain-crm';
import { ImportContactsModal } from './index';

const uploadResult: ContactUploadResult = {
  uploadId: 'u1',
  fileName: 'people.csv',
  headers: ['First Name', 'Mail', 'Shoe size'],
  rowCount: 3,
  preview: [
    ['Ada', 'ada@example.com', '38'],
    ['Grace', 'grace@example.com', '39'],
    ['', 'nobody@example.com', '40'],
  ],
  suggestedMapping: { 'First Name': 'firstName', Mail: null, 'Shoe size': null },
  expiresAt: '2026-01-02T00:00:00.000Z',
};

const validation: ContactValidateResult = {
  total: 3,
  valid: 2,
  invalid: 1,
  duplicates: 1,
  existing: 1,
  repeated: 0,
  errors: [{ row: 4, field: 'firstName', message: 'First name is required' }],
  errorCount: 1,
  errorCsv: 'Row,First Name,Mail,Shoe size,Errors\r\n4,,nobody@example.com,40,First name is required\r\n',
};

/** An upload whose suggestion already maps every needed column, and its validation with no problem. */
const mappedUpload: ContactUploadResult = {
  ...uploadResult,
  suggestedMapping: { 'First Name': 'firstName', Mail: 'email', 'Shoe size': null },
};
const cleanValidation: ContactValidateResult = {
  ...validation,
  errors: [],
  errorCount: 0,
  errorCsv: '',
  invalid: 0,
  valid: 3,
};

const job = (over: Partial<ContactImportJob>): ContactImportJob => ({
  jobId: 'j1',
  status: 'running',
  resuming: false,
  processed: 0,
  total: 3,
  created: 0,
  updated: 0,
  unchanged: 0,
  skipped: 0,
  errors: [],
  errorCount: 0,
  failure: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  ...over,
});

let events: BusMessage[] = [];
let sub: { unsubscribe(): void };
beforeEach(() => {
  events = [];
  sessionStorage.clear();
  sub = bus.all().subscribe((m) => events.push(m));
});
afterEach(() => {
  sub.unsubscribe();
  jest.restoreAllMocks();
});
const toasts = () =>
  events
    .filter((e) => e.type === 'toast:show')
    .map((e) => e.payload as { message: string; type: string })
    .map((t) => [t.type, t.message]);

function renderModal() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const invalidate = jest.spyOn(client, 'invalidateQueries');
  const onClose = jest.fn();
  render(
    <UiProvider env="test">
      <QueryClientProvider client={client}>
        <ImportContactsModal opened onClose={onClose} />
      </QueryClientProvider>
    </UiProvider>,
  );
  return { onClose, invalidate };
}

/** jsdom's Blob has no text(); FileReader drops the BOM as browsers do. */
const readBlob = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });

const csvFile = (name = 'people.csv', content = 'First Name,Mail\nAda,ada@example.com\n') =>
  new File([content], name, { type: name.endsWith('.csv') ? 'text/csv' : 'application/octet-stream' });
const chooseFile = (file: File) => fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });

async function pick(selectLabel: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: selectLabel }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('ImportContactsModal', () => {
  it('checks type and size in the browser before uploading', async () => {
    const upload = jest.spyOn(contactImport, 'upload');
    renderModal();
    expect(screen.getByText('Import Contacts')).toBeInTheDocument();
    chooseFile(csvFile('people.xlsx'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a .csv file');
    const big = csvFile();
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    chooseFile(big);
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is larger than 10 MB');
    expect(upload).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of a file", async () => {
    jest
      .spyOn(contactImport, 'upload')
      .mockRejectedValue(new ApiError(400, 'VALIDATION_ERROR', 'The file must be UTF-8 encoded CSV'));
    renderModal();
    chooseFile(csvFile());
    expect(await screen.findByRole('alert')).toHaveTextContent('The file must be UTF-8 encoded CSV');
    expect(screen.getByRole('button', { name: 'Choose file' })).toBeInTheDocument();
  });

  it('takes a dropped file', async () => {
    const upload = jest.spyOn(contactImport, 'upload').mockResolvedValue(uploadResult);
    renderModal();
    const file = csvFile();
    fireEvent.drop(screen.getByTestId('import-drop-zone'), { dataTransfer: { files: [file] } });
    await waitFor(() => expect(upload).toHaveBeenCalledWith(file));
    expect(await screen.findByRole('table', { name: 'Column mapping' })).toBeInTheDocument();
  });

  it('maps, validates, imports with progress, then summarises, toasts and refreshes the contact lists', async () => {
    jest.spyOn(contactImport, 'upload').mockResolvedValue(uploadResult);
    const validate = jest.spyOn(contactImport, 'validate').mockResolvedValue(validation);
    const start = jest.spyOn(contactImport, 'start').mockResolvedValue('j1');
    const status = jest
      .spyOn(contactImport, 'status')
      .mockResolvedValueOnce(job({ processed: 1, created: 1 }))
      .mockResolvedValue(
        job({
          status: 'completed',
          processed: 3,
          created: 1,
          updated: 1,
          skipped: 1,
          errorCount: 1,
          errors: [{ row: 4, field: 'firstName', message: 'First name is required' }],
        }),
      );
    const createObjectURL = jest.fn(() => 'blob:errors');
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const { invalidate } = renderModal();

    chooseFile(csvFile());
    // Step 2: the suggestion is prefilled; Email is not mapped yet.
    expect(await screen.findByRole('combobox', { name: 'Field for column First Name' })).toHaveValue('First name');
    expect(screen.getByRole('combobox', { name: 'Field for column Mail' })).toHaveValue("Don't import");
    expect(screen.getByTestId('mapping-problems')).toHaveTextContent('Map a column to Email');
    expect(screen.getByRole('button', { name: 'Validate' })).toBeDisabled();
    const preview = screen.getByRole('table', { name: 'Preview of the first rows' });
    expect(within(preview).getAllByRole('row')).toHaveLength(4);
    expect(within(preview).getByText('grace@example.com')).toBeInTheDocument();

    await pick('Field for column Mail', 'Email');
    expect(screen.queryByTestId('mapping-problems')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    await waitFor(() =>
      expect(validate).toHaveBeenCalledWith('u1', { 'First Name': 'firstName', Mail: 'email', 'Shoe size': null }),
    );

    // Step 3: counts, errors, error file.
    expect(await screen.findByLabelText('Valid')).toHaveTextContent('2');
    expect(screen.getByLabelText('Invalid')).toHaveTextContent('1');
    expect(screen.getByLabelText('Duplicates')).toHaveTextContent('1 update existing, 0 repeated in file');
    expect(screen.getByTestId('import-plan')).toHaveTextContent('create 1, update 1 and skip 1');
    const errors = screen.getByRole('table', { name: 'Row errors' });
    expect(within(errors).getByText('First name is required')).toBeInTheDocument();
    expect(within(errors).getByText('First name')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Download error file' }));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(blob.type).toBe('text/csv;charset=utf-8');
    expect(await readBlob(blob)).toBe(validation.errorCsv);
    expect(click).toHaveBeenCalled();

    // Step 4: progress, polled until done.
    fireEvent.click(screen.getByRole('button', { name: 'Import 2 contacts' }));
    await waitFor(() =>
      expect(start).toHaveBeenCalledWith('u1', { 'First Name': 'firstName', Mail: 'email', 'Shoe size': null }),
    );
    expect(await screen.findByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '33');
    expect(screen.getByRole('status')).toHaveTextContent('Imported 1 of 3 rows...');
    const summary = await screen.findByTestId('import-summary', {}, { timeout: 4000 });
    expect(within(summary).getByLabelText('Created')).toHaveTextContent('1');
    expect(within(summary).getByLabelText('Updated')).toHaveTextContent('1');
    expect(within(summary).getByLabelText('Skipped')).toHaveTextContent('1');
    expect(within(summary).getByText('First name is required')).toBeInTheDocument();
    expect(status).toHaveBeenCalledWith('j1');
    expect(status).toHaveBeenCalledTimes(2);
    expect(toasts()).toEqual([['success', 'Import complete: 1 created, 1 updated, 0 unchanged, 1 skipped']]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['contacts'] });
    // Polling stops once the job is done.
    await new Promise((r) => setTimeout(r, 1200));
    expect(status).toHaveBeenCalledTimes(2);
  });

  it('shows a mapping refused by the server and a job that failed', async () => {
    jest.spyOn(contactImport, 'upload').mockResolvedValue(mappedUpload);
    jest
      .spyOn(contactImport, 'validate')
      .mockRejectedValueOnce(new ApiError(400, 'VALIDATION_ERROR', 'Column "Mail" is not in the file'))
      .mockResolvedValue(cleanValidation);
    jest.spyOn(contactImport, 'start').mockResolvedValue('j2');
    jest
      .spyOn(contactImport, 'status')
      .mockResolvedValue(
        job({ jobId: 'j2', status: 'failed', failure: 'The uploaded file has expired. Upload it again.' }),
      );
    const { onClose } = renderModal();
    chooseFile(csvFile());
    fireEvent.click(await screen.findByRole('button', { name: 'Validate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Column "Mail" is not in the file');
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    expect(screen.queryByRole('button', { name: 'Download error file' })).not.toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Import 3 contacts' }));
    expect(await screen.findByText('Import failed')).toBeInTheDocument();
    expect(screen.getAllByText('The uploaded file has expired. Upload it again.').length).toBeGreaterThan(0);
    await waitFor(() => expect(toasts()).toEqual([['error', 'The uploaded file has expired. Upload it again.']]));
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('closing while the import starts still follows it; the tab remembers it for when the page comes back', async () => {
    jest.spyOn(contactImport, 'upload').mockResolvedValue(mappedUpload);
    jest.spyOn(contactImport, 'validate').mockResolvedValue(cleanValidation);
    let started!: (id: string) => void;
    const start = jest.spyOn(contactImport, 'start').mockReturnValue(new Promise((resolve) => (started = resolve)));
    const status = jest.spyOn(contactImport, 'status').mockResolvedValue(job({ jobId: 'j3', status: 'running' }));
    const { onClose } = renderModal();
    chooseFile(csvFile());
    fireEvent.click(await screen.findByRole('button', { name: 'Validate' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Import 3 contacts' }));
    await waitFor(() => expect(start).toHaveBeenCalled());
    fireEvent.click(document.querySelector('.mantine-Modal-close')!);
    expect(onClose).toHaveBeenCalled();
    started('j3');
    await waitFor(() => expect(status).toHaveBeenCalledWith('j3'));
    expect(sessionStorage.getItem('atrium.contactImportJob')).toBe('j3');
    expect(await screen.findByRole('progressbar', { name: 'Import progress' })).toBeInTheDocument();
  });

  it('follows and reports an import the tab started before the page was left, then forgets it', async () => {
    sessionStorage.setItem('atrium.contactImportJob', 'j7');
    const status = jest
      .spyOn(contactImport, 'status')
      .mockResolvedValue(job({ jobId: 'j7', status: 'completed', processed: 3, created: 2, unchanged: 1 }));
    renderModal();
    await waitFor(() =>
      expect(toasts()).toEqual([['success', 'Import complete: 2 created, 0 updated, 1 unchanged, 0 skipped']]),
    );
    expect(status).toHaveBeenCalledWith('j7');
    expect(sessionStorage.getItem('atrium.contactImportJob')).toBeNull();
  });

  it('an import whose worker stopped says it is resuming, and imports again once taken over', async () => {
    sessionStorage.setItem('atrium.contactImportJob', 'j9');
    const interrupted = { jobId: 'j9', status: 'running' as const, processed: 1000, total: 3000 };
    jest
      .spyOn(contactImport, 'status')
      .mockResolvedValueOnce(job({ ...interrupted, resuming: true }))
      .mockResolvedValue(job({ ...interrupted, processed: 2000 }));
    renderModal();
    expect(
      await screen.findByText('Resuming after an interruption: 1,000 of 3,000 rows imported...'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Imported 2,000 of 3,000 rows...', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it("stops asking about an import this business cannot see ('Import not found')", async () => {
    sessionStorage.setItem('atrium.contactImportJob', 'j8');
    const status = jest
      .spyOn(contactImport, 'status')
      .mockRejectedValue(new ApiError(404, 'NOT_FOUND', 'Import not found'));
    renderModal();
    expect(await screen.findByText('Import not found')).toBeInTheDocument();
    expect(sessionStorage.getItem('atrium.contactImportJob')).toBeNull();
    await new Promise((r) => setTimeout(r, 1300));
    expect(status).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Import another file' }));
    expect(await screen.findByLabelText('CSV file')).toBeInTheDocument();
  });
});
