import { Suspense, lazy, useState } from 'react';
import { isApiError } from '@atrium/api-client';
import { PROJECT_MESSAGES, type FileKind } from '@atrium/domain-work';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Link,
  Navigate,
  PageSkeleton,
  Paper,
  Stack,
  Tabs,
  Text,
  Title,
  useNavigate,
  useParams,
} from '@atrium/ui';
import { LazyNotesPanel } from '../components/lazy-notes-panel';
import { ProjectTasksPanel } from '../components/project-tasks';
import { ActivityFeed } from '../features/project-detail/activity-feed';
import { DetailsTab } from '../features/project-detail/details-tab';
import { ProjectDocuments } from '../features/project-detail/project-documents';
import { ProjectEmail } from '../features/project-detail/project-email';
import { ProjectFinance } from '../features/project-detail/project-finance';
import { ProjectHeader } from '../features/project-detail/project-header';
import { PROJECT_TABS, PROJECT_TAB_LABELS, isProjectTab } from '../features/project-detail/tabs';
import { useProject } from '../features/project-detail/use-project';
import { FilesTab } from '../features/project-files/files-tab';

const ProjectModal = lazy(() =>
  import('../features/project-form/project-modal').then((m) => ({ default: m.ProjectModal })),
);

const FILE_TABS: Partial<Record<string, FileKind>> = {
  attachments: 'attachment',
  designs: 'design',
  floorplans: 'floorplan',
};

/** /projects/{projectId}/{tab}: the project's header and its ten tabs (docs/requirements.md §2). */
export default function ProjectPage() {
  const { projectId = '', tab } = useParams();
  const navigate = useNavigate();
  const project = useProject(projectId);
  const [editing, setEditing] = useState(false);

  if (!isProjectTab(tab)) return <Navigate to="../activity" relative="path" replace />;

  if (project.isPending) return <PageSkeleton rows={8} />;
  if (project.isError) {
    const notFound = isApiError(project.error) && project.error.status === 404;
    return (
      <Paper withBorder radius="md" p="xl" maw={560} mx="auto" mt="xl">
        <Stack align="center" gap="sm" ta="center">
          <Title order={2} fz="lg">
            {notFound ? 'Project not found' : 'The project could not be loaded'}
          </Title>
          <Text size="sm" c="dimmed">
            {notFound ? PROJECT_MESSAGES.notFound(projectId) : project.error.message}
          </Text>
          {notFound ? (
            <Text size="sm">It may have been deleted, or it belongs to another business.</Text>
          ) : (
            <Button size="xs" onClick={() => void project.refetch()}>
              Try again
            </Button>
          )}
          <Anchor component={Link} to="/projects" size="sm">
            Back to projects
          </Anchor>
        </Stack>
      </Paper>
    );
  }

  const p = project.data;
  const kind = FILE_TABS[tab];
  // How many of each the tabs hold: tasks, and the files by kind.
  const counts: Partial<Record<string, number>> = { tasks: p.taskCount };
  for (const [t, k] of Object.entries(FILE_TABS)) counts[t] = p.attachments.filter((f) => f.kind === k).length;
  return (
    <Stack gap="md">
      <ProjectHeader project={p} onEdit={() => setEditing(true)} />
      <Tabs
        value={tab}
        onChange={(v) => v && navigate(`/projects/${encodeURIComponent(p._id)}/${v}`)}
        keepMounted={false}
      >
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {PROJECT_TABS.map((t) => (
            <Tabs.Tab key={t} value={t}>
              {PROJECT_TAB_LABELS[t]}
              {counts[t] ? ` (${counts[t]})` : ''}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Box>
        {tab === 'activity' && <ActivityFeed projectId={p._id} />}
        {tab === 'tasks' && <ProjectTasksPanel projectId={p._id} />}
        {kind && <FilesTab key={kind} projectId={p._id} kind={kind} files={p.attachments} />}
        {tab === 'notes' && (
          <Box id="notes">
            <LazyNotesPanel entityType="project" entityId={p._id} />
          </Box>
        )}
        {tab === 'details' && <DetailsTab project={p} onEdit={() => setEditing(true)} />}
        {tab === 'documents' && <ProjectDocuments projectId={p._id} />}
        {tab === 'finance' && <ProjectFinance projectId={p._id} />}
        {tab === 'email' && <ProjectEmail projectId={p._id} />}
      </Box>
      {editing && (
        <Suspense fallback={null}>
          <ProjectModal project={p} onClose={() => setEditing(false)} />
        </Suspense>
      )}
      {project.isRefetchError && (
        <Alert color="yellow" role="status">
          The latest changes could not be loaded.
        </Alert>
      )}
    </Stack>
  );
}
