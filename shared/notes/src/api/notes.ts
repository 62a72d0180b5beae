import { api } from '@atrium/api-client';
import { notesApi } from './notes-api';

/** The calls bound to the page's one api client (a federation singleton). */
export const notes = notesApi(api);
