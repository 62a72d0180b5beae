import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { automations, emailTemplates } from '../../db/schema';

export type EmailTemplateRow = typeof emailTemplates.$inferSelect;
export type EmailTemplateFields = Pick<
  EmailTemplateRow,
  'name' | 'subject' | 'blocks' | 'html' | 'text' | 'textEdited'
>;

/** Every query here is scoped to one business. */
export class EmailTemplatesRepository {
  constructor(private readonly db: Database) {}

  list(businessId: string): Promise<EmailTemplateRow[]> {
    return this.db
      .select()
      .from(emailTemplates)
      .where(eq(emailTemplates.businessId, businessId))
      .orderBy(desc(emailTemplates.updatedAt), desc(emailTemplates.id));
  }

  async find(businessId: string, id: string): Promise<EmailTemplateRow | null> {
    const [row] = await this.db
      .select()
      .from(emailTemplates)
      .where(and(eq(emailTemplates.businessId, businessId), eq(emailTemplates.id, id)));
    return row ?? null;
  }

  async create(businessId: string, userId: string, fields: EmailTemplateFields): Promise<EmailTemplateRow> {
    const [row] = await this.db
      .insert(emailTemplates)
      .values({ businessId, createdBy: userId, ...fields })
      .returning();
    return row!;
  }

  async update(businessId: string, id: string, fields: EmailTemplateFields): Promise<EmailTemplateRow | null> {
    const [row] = await this.db
      .update(emailTemplates)
      .set({ ...fields, updatedAt: new Date() })
      .where(and(eq(emailTemplates.businessId, businessId), eq(emailTemplates.id, id)))
      .returning();
    return row ?? null;
  }

  async remove(businessId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(emailTemplates)
      .where(and(eq(emailTemplates.businessId, businessId), eq(emailTemplates.id, id)))
      .returning({ id: emailTemplates.id });
    return rows.length > 0;
  }

  /** Whether an automation of the business sends this template (a send_email step naming it). */
  async usedByAutomation(businessId: string, id: string): Promise<boolean> {
    const step = JSON.stringify([{ type: 'send_email', templateId: id }]);
    const [row] = await this.db
      .select({ id: automations.id })
      .from(automations)
      .where(and(eq(automations.businessId, businessId), sql`${automations.steps} @> ${step}::jsonb`))
      .limit(1);
    return !!row;
  }
}
