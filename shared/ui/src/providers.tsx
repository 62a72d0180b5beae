import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { cssVariablesResolver, darkModeManager, theme } from './theme';
import { ToastStack } from './toast-stack';

const manager = typeof window !== 'undefined' ? darkModeManager() : undefined;

/** Theme, dark mode and the toast stack. The host renders it once; standalone remote shells too. */
export function UiProvider({ children, env }: { children: ReactNode; env?: 'default' | 'test' }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={manager}
      env={env}
    >
      {children}
      <ToastStack />
    </MantineProvider>
  );
}
