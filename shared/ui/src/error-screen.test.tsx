import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { ErrorBoundary, isChunkLoadError } from './error-screen';
import { renderWithUi } from './test-utils';

function Boom({ error }: { error: Error }): never {
  throw error;
}

function Harness({ error }: { error: Error }) {
  const [path, setPath] = useState('/a');
  const [broken, setBroken] = useState(true);
  return (
    <>
      <button onClick={() => setPath('/b')}>go</button>
      <button onClick={() => setBroken(false)}>fix</button>
      <ErrorBoundary resetKey={path}>
        {broken && path === '/a' ? <Boom error={error} /> : <p>page {path}</p>}
      </ErrorBoundary>
    </>
  );
}

describe('ErrorBoundary', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

  it("shows 'Something went wrong' with Refresh Page and Try Again, and resets on route change", () => {
    renderWithUi(<Harness error={new Error('kaput')} />);
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    fireEvent.click(screen.getByText('go'));
    expect(screen.getByText('page /b')).toBeInTheDocument();
  });

  it('Try Again re-renders the children', () => {
    renderWithUi(<Harness error={new Error('kaput')} />);
    fireEvent.click(screen.getByText('fix'));
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('page /a')).toBeInTheDocument();
  });

  it("says 'App Update Available' for a chunk that failed to load", () => {
    const err = Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' });
    renderWithUi(<Harness error={err} />);
    expect(screen.getByText('App Update Available')).toBeInTheDocument();
  });

  it('recognises chunk errors by name or message only', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('nope'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});
