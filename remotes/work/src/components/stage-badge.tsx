import { Badge } from '@atrium/ui';
import type { ProjectStage } from '@atrium/domain-work';
import { STAGE_COLORS, stageLabel } from '../lib/stages';

export function StageBadge({ stage, size = 'sm' }: { stage: ProjectStage; size?: 'xs' | 'sm' | 'md' }) {
  return (
    <Badge color={STAGE_COLORS[stage]} variant="light" tt="none" size={size}>
      {stageLabel(stage)}
    </Badge>
  );
}
