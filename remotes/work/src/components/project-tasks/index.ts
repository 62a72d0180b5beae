export { ProjectTasksPanel } from './project-tasks-panel';
