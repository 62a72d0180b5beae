/** The project page's tabs, in order (docs/requirements.md §2): /projects/{projectId}/{tab}. */
export const PROJECT_TABS = [
  'activity',
  'email',
  'tasks',
  'attachments',
  'documents',
  'notes',
  'designs',
  'floorplans',
  'finance',
  'details',
] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number];

export const PROJECT_TAB_LABELS: Record<ProjectTab, string> = {
  activity: 'Activity',
  email: 'Email',
  tasks: 'Tasks',
  attachments: 'Attachments',
  documents: 'Documents',
  notes: 'Notes',
  designs: 'Designs',
  floorplans: 'Floor plans',
  finance: 'Finance',
  details: 'Details',
};

export const isProjectTab = (v: unknown): v is ProjectTab => (PROJECT_TABS as readonly unknown[]).includes(v);
