import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { UiProvider } from './providers';

export function renderWithUi(ui: ReactElement) {
  return render(<UiProvider>{ui}</UiProvider>);
}
