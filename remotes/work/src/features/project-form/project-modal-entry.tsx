import type { RemoteModalProps } from '@atrium/contracts';

/** Stub replaced in the next commit. */
export default function ProjectModalEntry(_props: RemoteModalProps<'project'>) {
  return null;
}
