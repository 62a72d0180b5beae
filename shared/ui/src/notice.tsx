import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';

/** What went wrong: a headline (the spec's message) and, when the server said more, the detail. */
export interface Failure {
  title: string;
  detail?: string;
}

const TONES = {
  error: { color: 'red', role: 'alert' },
  success: { color: 'green', role: 'status' },
  info: { color: 'yellow', role: 'status' },
  neutral: { color: 'gray', role: undefined },
} as const;

interface NoticeProps {
  tone: keyof typeof TONES;
  title?: string;
  children: ReactNode;
}

/**
 * The light message box of forms and pages: errors are announced (role alert), other news politely (status).
 * One look for every screen instead of a hand-set Alert each time.
 */
export function Notice({ tone, title, children }: NoticeProps) {
  const { color, role } = TONES[tone];
  return (
    <Alert color={color} variant="light" role={role} title={title}>
      {children}
    </Alert>
  );
}

/** A Failure as an error Notice: with a detail, the headline becomes the title. */
export function FailureNotice({ failure }: { failure: Failure }) {
  return (
    <Notice tone="error" title={failure.detail ? failure.title : undefined}>
      {failure.detail ?? failure.title}
    </Notice>
  );
}
