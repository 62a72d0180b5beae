import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@atrium/contracts/messages';

/** A chunk that no longer exists on the server means a new version was deployed. */
export function isChunkLoadError(error: unknown): boolean {
  const e = error as { name?: string; message?: string } | null;
  return (
    !!e &&
    (e.name === 'ChunkLoadError' ||
      /Loading (CSS )?chunk [\w-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module/i.test(
        e.message ?? '',
      ))
  );
}

export function ErrorScreen({ error, onReset }: { error: unknown; onReset: () => void }) {
  const update = isChunkLoadError(error);
  return (
    <Center mih={320} p="xl" role="alert">
      <Stack align="center" gap="sm" maw={480}>
        <Title order={2}>{update ? MESSAGES.appUpdateAvailable : MESSAGES.somethingWentWrong}</Title>
        <Text c="dimmed" ta="center">
          {update
            ? 'A newer version of this page is available. Refresh to load it.'
            : 'This part of the page hit an unexpected problem. Your data is safe.'}
        </Text>
        <Group>
          <Button onClick={() => window.location.reload()}>{MESSAGES.refreshPage}</Button>
          <Button variant="default" onClick={onReset}>
            {MESSAGES.tryAgain}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}

interface BoundaryProps {
  /** Changing this (the route path) clears the error: the boundary resets on route change. */
  resetKey: string;
  children: ReactNode;
  fallback?: (error: unknown, reset: () => void) => ReactNode;
}
interface BoundaryState {
  error: unknown;
  key: string;
}

export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Caught by error boundary', error, info.componentStack);
  }

  reset = () => this.setState({ error: null });

  override render() {
    if (this.state.error) {
      return this.props.fallback ? (
        this.props.fallback(this.state.error, this.reset)
      ) : (
        <ErrorScreen error={this.state.error} onReset={this.reset} />
      );
    }
    return this.props.children;
  }
}
