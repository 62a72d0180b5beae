import { downloadText } from './download';

describe('downloadText', () => {
  it('saves the text with a BOM through a temporary link', async () => {
    const blobs: Blob[] = [];
    const revoke = jest.fn();
    Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:x'), revokeObjectURL: revoke });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('a.csv');
      expect(this.href).toBe('blob:x');
    });
    jest.useFakeTimers();
    downloadText('a,b\r\n', 'a.csv');
    expect(click).toHaveBeenCalledTimes(1);
    expect(document.querySelector('a')).toBeNull();
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
    expect(blobs[0]?.size).toBe(3 + 5);
    jest.advanceTimersByTime(1000);
    expect(revoke).toHaveBeenCalledWith('blob:x');
    jest.useRealTimers();
    click.mockRestore();
  });
});
