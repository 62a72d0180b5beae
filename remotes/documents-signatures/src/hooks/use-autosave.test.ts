import { act, renderHook } from '@testing-library/react';
import { useAutosave } from './use-autosave';

type P = { title: string } | null;

function setup(save: (p: { title: string }) => Promise<unknown>) {
  return renderHook(({ payload }: { payload: P }) => useAutosave(payload, save, 500), {
    initialProps: { payload: { title: 'A' } as P },
  });
}

describe('useAutosave', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('saves a change once after the debounce, then says saved', async () => {
    const save = jest.fn().mockResolvedValue(undefined);
    const { result, rerender } = setup(save);
    expect(result.current.state).toBe('idle');
    rerender({ payload: { title: 'AB' } });
    rerender({ payload: { title: 'ABC' } });
    expect(result.current.state).toBe('pending');
    expect(save).not.toHaveBeenCalled();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(500);
    });
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ title: 'ABC' });
    expect(result.current.state).toBe('saved');
  });

  it('keeps the draft when a save fails and sends it again on retry', async () => {
    const save = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const { result, rerender } = setup(save);
    rerender({ payload: { title: 'B' } });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(500);
    });
    expect(result.current.state).toBe('failed');
    expect((result.current.error as Error).message).toBe('offline');
    await act(async () => {
      await result.current.retry();
    });
    expect(save).toHaveBeenLastCalledWith({ title: 'B' });
    expect(result.current.state).toBe('saved');
  });

  it('does not send an invalid draft, and saves it once it is valid again', async () => {
    const save = jest.fn().mockResolvedValue(undefined);
    const { result, rerender } = setup(save);
    rerender({ payload: null });
    expect(result.current.state).toBe('invalid');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    expect(save).not.toHaveBeenCalled();
    rerender({ payload: { title: 'C' } });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(500);
    });
    expect(save).toHaveBeenCalledWith({ title: 'C' });
  });

  it('never overlaps saves: a change made during a save is saved after it', async () => {
    let finish: () => void = () => undefined;
    const save = jest
      .fn()
      .mockImplementationOnce(() => new Promise<void>((r) => (finish = r)))
      .mockResolvedValue(undefined);
    const { result, rerender } = setup(save);
    rerender({ payload: { title: 'D' } });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(500);
    });
    expect(result.current.state).toBe('saving');
    rerender({ payload: { title: 'DE' } });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(500);
    });
    expect(save).toHaveBeenCalledTimes(1);
    await act(async () => {
      finish();
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith({ title: 'DE' });
    expect(result.current.state).toBe('saved');
  });

  it('sends unsaved changes when the editor goes away', () => {
    const save = jest.fn().mockResolvedValue(undefined);
    const { rerender, unmount } = setup(save);
    rerender({ payload: { title: 'E' } });
    unmount();
    expect(save).toHaveBeenCalledWith({ title: 'E' });
  });
});
