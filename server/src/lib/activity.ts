import type { ActivitySubject } from '@atrium/domain-work/schemas';
import type { Executor } from '../db/client';

/** One entry of a project's feed (GET /projects/{id}/feed). */
export interface ProjectActivityEntry {
  businessId: string;
  projectId: string;
  /** e.g. project.created, project.stage_changed, task.created, task.updated, attachment.added, note.added */
  type: string;
  /** What the feed shows, in words ("Moved to Review", "Added task “Call florist”"). */
  message: string;
  subject?: { type: ActivitySubject; id: string; title: string | null };
  /** Who did it (null for the system). */
  actorId: string | null;
}

/**
 * Where every module that changes something of a project writes its feed entry (tasks, files, notes): the
 * projects module implements it; the others receive it from the composition root, so no module imports another
 * to report an activity. `db` is the caller's transaction when the entry must land with the change.
 */
export interface ProjectActivityLog {
  record(entry: ProjectActivityEntry, db?: Executor): Promise<void>;
}

/**
 * Copies every task of one project into another (POST /projects/{id}/duplicate): the tasks module implements it
 * (TasksService.copyTasks), the projects module calls it inside its own transaction `tx`, so a duplicate with all
 * its tasks lands whole or not at all. Answers how many tasks were copied.
 */
export interface ProjectTaskCopier {
  copyTasks(
    businessId: string,
    fromProjectId: string,
    toProjectId: string,
    actorId: string,
    tx: Executor,
  ): Promise<number>;
}
