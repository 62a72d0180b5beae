import { PROJECT_STAGES } from '@atrium/contracts';
import { PROJECT_STAGE_LABELS, type ProjectStage } from '@atrium/domain-work';

/** The stage board's columns, left to right (docs/requirements.md §4). */
export const STAGES = PROJECT_STAGES as readonly ProjectStage[];

/** A Mantine colour per stage, the same on badges, board columns and the home widget. */
export const STAGE_COLORS: Record<ProjectStage, string> = {
  planning: 'gray',
  in_progress: 'blue',
  review: 'orange',
  completed: 'teal',
};

export const stageLabel = (s: ProjectStage) => PROJECT_STAGE_LABELS[s];
export const isStage = (v: unknown): v is ProjectStage => (STAGES as readonly unknown[]).includes(v);
