import { AsyncLocalStorage } from 'node:async_hooks';
import type { AutomationTrigger } from '@atrium/domain-comms/automation';
import type { Database, Executor } from '../db/client';
import { domainEvents } from '../db/schema';

export type DomainEventRecord = Record<string, string | number | boolean | null>;

/** Something that happened in a business that automations may react to (issue #19 §7). */
export interface DomainEvent {
  businessId: string;
  type: AutomationTrigger;
  /** The record it is about (the contact, the task…): a run's steps act on it. */
  recordId: string;
  /** Its fields the conditions compare (flat). */
  record: DomainEventRecord;
  /** The member who did it, if a member did. */
  actorId?: string | null;
  /** Set by an automation's own step: the hop count and the automation (loop backstop). */
  cause?: { depth: number; automationId: string };
  /** For this automation only ("Date reached" fires per automation: its own date field and offset). */
  automationId?: string;
}

/**
 * How producers (contacts, forms, payments, signatures, tasks, meetings) announce what happened: `emit` records the
 * event in the outbox (`domain_events`) inside the producer's transaction when given — a rolled-back write
 * triggers nothing — and the automation dispatcher takes it from there after the commit. app.ts hands the
 * implementation to the producers; none of them imports the automation module.
 */
export interface DomainEvents {
  emit(event: DomainEvent, tx?: Executor): Promise<void>;
}

const causes = new AsyncLocalStorage<{ depth: number; automationId: string }>();

/**
 * Runs `fn` as an automation's step: an event any producer emits inside it carries the hop count (`depth`, the
 * run's depth + 1) and the automation, without the producers knowing (the loop backstop).
 */
export function asAutomationStep<T>(cause: { depth: number; automationId: string }, fn: () => Promise<T>): Promise<T> {
  return causes.run(cause, fn);
}

/** Events go nowhere: for producers built without automations (unit tests). */
export const noDomainEvents: DomainEvents = { emit: async () => undefined };

/** The outbox writer; `onEmit` wakes the dispatcher (it also polls, so a wake before the commit is harmless). */
export class DomainEventOutbox implements DomainEvents {
  private listener: (() => void) | null = null;

  constructor(private readonly db: Database) {}

  onEmit(listener: () => void): void {
    this.listener = listener;
  }

  async emit(event: DomainEvent, tx: Executor = this.db): Promise<void> {
    await tx.insert(domainEvents).values({
      businessId: event.businessId,
      type: event.type,
      recordId: event.recordId,
      record: event.record,
      actorId: event.actorId ?? null,
      depth: (event.cause ?? causes.getStore())?.depth ?? 0,
      sourceAutomationId: (event.cause ?? causes.getStore())?.automationId ?? null,
      automationId: event.automationId ?? null,
    });
    // After the producer's transaction is likely committed: the dispatcher claims committed rows only.
    const listener = this.listener;
    if (listener) setTimeout(listener, 20).unref?.();
  }
}
