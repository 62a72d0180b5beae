import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import { Text } from '@atrium/ui';
import { renderWithProviders } from '../test-utils';
import { AttachmentsPanel, type AttachmentCalls } from './attachments-panel';

interface Doc {
  _id: string;
  name: string;
}

/** The toasts shown, as [level, text]. */
let shown: [string, string][] = [];
beforeEach(() => {
  shown = [];
  for (const level of ['success', 'warning', 'error'] as const)
    jest.spyOn(toast, level).mockImplementation((message: string) => String(shown.push([level, message])));
});
afterEach(() => jest.restoreAllMocks());

function renderPanel(calls: Partial<AttachmentCalls<Doc>>, files: Doc[] = [{ _id: 'd1', name: 'plan.pdf' }]) {
  const all: AttachmentCalls<Doc> = {
    check: () => null,
    upload: { send: jest.fn(), isPending: false },
    remove: { send: jest.fn().mockResolvedValue(undefined), isPending: false },
    ...calls,
  };
  renderWithProviders(
    <AttachmentsPanel
      files={files}
      calls={all}
      heading={<Text>Files</Text>}
      emptyText="Nothing here."
      rowTestId="doc"
      renderFile={(f, askDelete) => (
        <button type="button" onClick={askDelete}>
          Delete {f.name}
        </button>
      )}
    />,
  );
  return all;
}

const pick = (files: File[]) =>
  fireEvent.change(document.querySelector('input[type="file"]') as HTMLInputElement, { target: { files } });

describe('AttachmentsPanel', () => {
  it("says the check's problem and sends nothing; an empty pick the check lets through sends nothing either", () => {
    const send = jest.fn();
    const check = jest.fn((files: File[]) => (files.length > 1 ? 'Too many files' : null));
    renderPanel({ check, upload: { send, isPending: false } });
    pick([new File(['a'], 'a.png'), new File(['b'], 'b.png')]);
    pick([]);
    expect(shown).toEqual([['error', 'Too many files']]);
    expect(send).not.toHaveBeenCalled();
  });

  it("shows the upload's outcome at its level, and the server's message when it fails", async () => {
    const send = jest
      .fn()
      .mockResolvedValueOnce({ level: 'warning', message: '1 attachments uploaded, 1 failed.' })
      .mockRejectedValueOnce(new ApiError(413, 'FILE_TOO_LARGE', 'File too large'));
    renderPanel({ upload: { send, isPending: false } });
    pick([new File(['a'], 'a.png')]);
    await waitFor(() => expect(shown).toHaveLength(1));
    pick([new File(['a'], 'a.png')]);
    await waitFor(() => expect(shown).toHaveLength(2));
    expect(shown).toEqual([
      ['warning', '1 attachments uploaded, 1 failed.'],
      ['error', 'File too large'],
    ]);
  });

  it('deletes a file only after the confirmation', async () => {
    const calls = renderPanel({});
    fireEvent.click(screen.getByRole('button', { name: 'Delete plan.pdf' }));
    expect(calls.remove.send).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.remove.send).toHaveBeenCalledWith({ _id: 'd1', name: 'plan.pdf' }));
    await waitFor(() => expect(shown).toEqual([['success', 'Attachment deleted']]));
  });

  it('says the empty text when there are no files', () => {
    renderPanel({}, []);
    expect(screen.getByText('Nothing here.')).toBeInTheDocument();
    expect(screen.queryByTestId('doc')).toBeNull();
  });
});
