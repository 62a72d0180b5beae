import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { UiProvider } from '@atrium/ui';

/** Renders inside the UI provider and a memory router; `/signin` shows a marker so redirects can be seen. */
export function renderAt(path: string, element: ReactElement, routePath = path) {
  return render(
    <UiProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={routePath} element={element} />
          <Route path="/signin" element={<p>sign-in page</p>} />
          <Route path="/" element={<p>home page</p>} />
        </Routes>
      </MemoryRouter>
    </UiProvider>,
  );
}
