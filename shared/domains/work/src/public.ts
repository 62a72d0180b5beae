/**
 * The work domain's documented public calls: all that apps other than the work remote may use (lint lets them
 * import `@atrium/domain-work/public` only). Today: the crm remote's contact page lists a contact's projects and
 * links or unlinks one.
 */
import { projects as allCalls, type ProjectsApi } from './index';

export const projects: Pick<ProjectsApi, 'ofContact' | 'linkContact' | 'unlinkContact' | 'list'> = allCalls;
export { projectKeys } from './keys';
export { PROJECT_STAGE_LABELS, type Project, type ProjectStage } from './project';
