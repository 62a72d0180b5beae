import type * as z from 'zod';
import {
  makePagination,
  NOTE_MESSAGES,
  type Note,
  type NoteData,
  type NoteEntityType,
  type noteUpdateSchema,
} from '@atrium/contracts';
import { listAnswer, type JsonText } from '../../db/json-answers';
import { AppError } from '../../lib/errors';
import type { BusinessCaller as Caller } from '../../lib/caller';
import { sanitizeNoteHtml } from './note-html';
import type { NoteFields, NoteListFilter, NotesRepository } from './notes.repository';

type NoteUpdateData = z.output<typeof noteUpdateSchema>;

const notFound = () => new AppError('NOT_FOUND', NOTE_MESSAGES.notFound);
/** Only contacts are checked so far (notes.repository's entityExists). */
const entityNotFound = () => new AppError('NOT_FOUND', 'Contact not found');

/** Sanitised HTML and its text; content that sanitises to nothing (e.g. only a script) is refused. */
function cleanContent(html: string): { content: string; contentText: string } {
  const { html: content, text } = sanitizeNoteHtml(html);
  if (!text) {
    throw new AppError('VALIDATION_ERROR', 'Validation failed', [
      { field: 'content', message: NOTE_MESSAGES.contentRequired },
    ]);
  }
  return { content, contentText: text };
}

export class NotesService {
  constructor(private readonly repo: NotesRepository) {}

  /** The entity a note hangs off must be the caller's. Only contacts exist so far. */
  private async checkEntity(caller: Caller, entityType: NoteEntityType, entityId: string): Promise<void> {
    if (!(await this.repo.entityExists(caller.businessId, entityType, entityId))) throw entityNotFound();
  }

  /** The list answer (NoteListEnvelope) as JSON text: the page's notes come from PostgreSQL as JSON. */
  async list(caller: Caller, filter: NoteListFilter): Promise<JsonText> {
    // The page statement checks the entity as it reads.
    const { data, total, entityFound } = await this.repo.list(caller.businessId, filter);
    if (!entityFound) throw entityNotFound();
    return listAnswer(data, 'meta', makePagination(total, filter.page, filter.limit));
  }

  async get(caller: Caller, id: string): Promise<Note> {
    const note = await this.repo.findById(caller.businessId, id);
    if (!note) throw notFound();
    return note;
  }

  async create(caller: Caller, input: NoteData): Promise<Note> {
    const { entityType, entityId, content, ...rest } = input;
    const fields: NoteFields = { ...rest, ...cleanContent(content) };
    await this.checkEntity(caller, entityType, entityId);
    const id = await this.repo.create(caller.businessId, caller.userId, { entityType, entityId }, fields);
    return this.get(caller, id);
  }

  async update(caller: Caller, id: string, input: NoteUpdateData): Promise<Note> {
    const { content, ...rest } = input;
    const fields: Partial<NoteFields> = Object.fromEntries(
      Object.entries(rest).filter(([, v]) => v !== undefined),
    ) as Partial<NoteFields>;
    if (content !== undefined) Object.assign(fields, cleanContent(content));
    if (!(await this.repo.update(caller.businessId, id, fields))) throw notFound();
    return this.get(caller, id);
  }

  async togglePin(caller: Caller, id: string): Promise<Note> {
    if (!(await this.repo.togglePin(caller.businessId, id))) throw notFound();
    return this.get(caller, id);
  }

  async remove(caller: Caller, id: string): Promise<void> {
    if (!(await this.repo.delete(caller.businessId, id))) throw notFound();
  }
}
