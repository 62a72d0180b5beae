import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { UiProvider } from '@atrium/ui';
import remoteModule from '../module';

async function open(path: string) {
  const route = remoteModule.routes.find((r) => r.path === path)!;
  const { default: Page } = await route.load();
  render(
    <UiProvider env="test">
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={path} element={<Page />} />
        </Routes>
      </MemoryRouter>
    </UiProvider>,
  );
}

describe('public documents pages', () => {
  it.each([
    [
      '/document-expired',
      'This document has expired',
      'The link you followed is no longer valid. Ask the sender for a new link.',
    ],
    [
      '/document-not-found',
      'Document not found',
      "We couldn't find this document. It may have been deleted, or the link may be incomplete.",
    ],
    [
      '/document-error',
      'Document not found',
      "We couldn't find this document. It may have been deleted, or the link may be incomplete.",
    ],
  ])('%s says "%s" and offers sign-in', async (path, title, body) => {
    await open(path);
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(body)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/signin');
  });
});
