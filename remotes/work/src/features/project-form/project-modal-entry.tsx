import type { RemoteModalProps } from '@atrium/contracts';
import type { Project } from '@atrium/domain-work';
import { ProjectModal } from './project-modal';

/** The 'project' modal other apps open through the bus ('+ New' → Project; `project` edits that one). */
export default function ProjectModalEntry({ onClose, data }: RemoteModalProps<'project'>) {
  const project = (data?.project as Project | undefined) ?? null;
  return <ProjectModal project={project} onClose={onClose} />;
}
