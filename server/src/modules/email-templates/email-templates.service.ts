import {
  CAMPAIGN_MESSAGES,
  emailBlockSchema,
  renderEmailHtml,
  renderEmailText,
  unknownMergeTags,
  type EmailBlock,
  type EmailTemplate,
  type EmailTemplateData,
  type EmailTemplateSummary,
} from '@atrium/domain-comms/schemas';
import * as z from 'zod';
import type { AuthContext, BusinessCaller } from '../../lib/caller';
import { AppError } from '../../lib/errors';
import { sanitizeNoteHtml } from '../notes/note-html';
import type { EmailTemplateRow, EmailTemplatesRepository } from './email-templates.repository';

const notFound = () => new AppError('NOT_FOUND', CAMPAIGN_MESSAGES.templateNotFound);

export const EMAIL_TEMPLATE_USED_BY_AUTOMATION =
  'An automation sends this template from its author’s Gmail: only an owner or admin can change it';

/** The blocks with every rich text reduced to the editor's allow-list (the notes sanitiser: links, lists, marks). */
export function sanitizeBlocks(blocks: readonly EmailBlock[]): EmailBlock[] {
  return blocks.map((b) => (b.type === 'text' ? { ...b, html: sanitizeNoteHtml(b.html).html } : b));
}

/** A template's stored form: sanitised blocks, the HTML rendered from them, the plain text (given or generated). */
export function renderTemplate(input: EmailTemplateData) {
  const blocks = sanitizeBlocks(input.blocks);
  const html = renderEmailHtml(blocks);
  const textEdited = input.text !== null && input.text.trim() !== '';
  const text = textEdited ? input.text!.trim() : renderEmailText(blocks);
  return { blocks, html, text, textEdited };
}

/** Unknown merge tags in the subject, the blocks or the plain text → 400 naming them. */
export function checkMergeTags(subject: string, html: string, text: string): void {
  const unknown = unknownMergeTags(subject, html, text);
  if (unknown.length > 0) {
    const message = CAMPAIGN_MESSAGES.unknownMergeTag(unknown);
    throw new AppError('VALIDATION_ERROR', message, [{ field: 'blocks', message }]);
  }
}

const storedBlocks = z.array(emailBlockSchema);

export function templateDto(row: EmailTemplateRow): EmailTemplate {
  return {
    _id: row.id,
    name: row.name,
    subject: row.subject,
    blocks: storedBlocks.parse(row.blocks),
    html: row.html,
    text: row.text,
    textEdited: row.textEdited,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Email templates of the caller's business (any member may read and write them). */
export class EmailTemplatesService {
  constructor(private readonly repo: EmailTemplatesRepository) {}

  async list(caller: BusinessCaller): Promise<EmailTemplateSummary[]> {
    return (await this.repo.list(caller.businessId)).map((r) => ({
      _id: r.id,
      name: r.name,
      subject: r.subject,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    }));
  }

  async get(caller: BusinessCaller, id: string): Promise<EmailTemplate> {
    const row = await this.repo.find(caller.businessId, id);
    if (!row) throw notFound();
    return templateDto(row);
  }

  /** The stored row, for campaigns (which copy its message). */
  async row(businessId: string, id: string): Promise<EmailTemplateRow | null> {
    return this.repo.find(businessId, id);
  }

  async create(caller: BusinessCaller, input: EmailTemplateData): Promise<EmailTemplate> {
    const fields = this.prepare(input);
    return templateDto(await this.repo.create(caller.businessId, caller.userId, fields));
  }

  /**
   * An automation's send_email step mails this template from the automation's author's Gmail (an owner or admin), and
   * reads it when it runs: so a template an automation sends is changed by owners and admins only — a member could
   * otherwise put their own words into mail sent from the owner's mailbox (review #19 finding 1).
   */
  async update(
    caller: BusinessCaller & Pick<AuthContext, 'role'>,
    id: string,
    input: EmailTemplateData,
  ): Promise<EmailTemplate> {
    const manager = caller.role === 'owner' || caller.role === 'admin';
    if (!manager && (await this.repo.usedByAutomation(caller.businessId, id)))
      throw new AppError('FORBIDDEN', EMAIL_TEMPLATE_USED_BY_AUTOMATION);
    const row = await this.repo.update(caller.businessId, id, this.prepare(input));
    if (!row) throw notFound();
    return templateDto(row);
  }

  async remove(caller: BusinessCaller, id: string): Promise<void> {
    if (!(await this.repo.remove(caller.businessId, id))) throw notFound();
  }

  private prepare(input: EmailTemplateData) {
    const rendered = renderTemplate(input);
    checkMergeTags(input.subject, rendered.html, rendered.text);
    return { name: input.name, subject: input.subject, ...rendered };
  }
}
