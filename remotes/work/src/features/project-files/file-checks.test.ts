import { FILE_MAX_BYTES, FILE_MESSAGES } from '@atrium/domain-work';
import { fileSize } from '../../components/file-parts';
import { checkFiles } from './file-checks';

const file = (name: string, type: string, size = 10) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('checkFiles', () => {
  it("answers the server's message for the first broken limit, before anything is sent", () => {
    expect(checkFiles([])).toBe(FILE_MESSAGES.noFile);
    expect(checkFiles(Array.from({ length: 11 }, (_, i) => file(`${i}.png`, 'image/png')))).toBe(FILE_MESSAGES.tooMany);
    expect(checkFiles([file('big.pdf', 'application/pdf', FILE_MAX_BYTES + 1)])).toBe(FILE_MESSAGES.tooLarge);
    expect(checkFiles([file('run.exe', 'application/x-msdownload')])).toBe(FILE_MESSAGES.unsupported);
  });

  it('lets through what the server may take (a type the browser does not name is left to the server)', () => {
    expect(checkFiles([file('a.png', 'image/png', FILE_MAX_BYTES), file('notes', '')])).toBeNull();
  });
});

it('fileSize', () => {
  expect([fileSize(512), fileSize(2048), fileSize(5 * 1024 * 1024)]).toEqual(['512 B', '2 KB', '5.0 MB']);
});
