import type { NotificationData, NotificationType } from '@atrium/domain-comms/schemas';
import type { Executor } from '../db/client';

export type { NotificationData, NotificationType } from '@atrium/domain-comms/schemas';

/**
 * Who receives a notification, always among the members of `businessId` (anyone else is dropped):
 * - `{ userIds }`: these members (an assignee, a meeting's member attendees);
 * - `{ role: 'owners' }`: the business's owners and admins (who run it: a form submitted, a document signed);
 * - `{ role: 'members' }`: every member (a contact created).
 */
export type NotificationRecipients = { userIds: string[] } | { role: 'owners' | 'members' };

interface NotificationContent {
  type: NotificationType;
  /** Short, shown bold in the bell ("New contact"). */
  title: string;
  /** One line ("Ada Lovelace was added to your contacts"). */
  message: string;
  /** What it is about and where clicking it goes (`url`: an in-app path such as /contacts/{id}). */
  data?: NotificationData;
  /** Usually the member who did it: nobody is told of their own action. */
  exceptUserId?: string | null;
}

/** A notification of one business, to some or all of its members. */
export interface BusinessNotification extends NotificationContent {
  businessId: string;
  to: NotificationRecipients;
}

/**
 * A personal notification, addressed to users rather than to members of a business (communities and people are
 * platform-wide: a join request, an event reminder, a friend request). It belongs to no business (`business_id`
 * null) and the bell lists it in every business of the user, as friend requests always were. Any existing user
 * may be addressed; unknown ids are dropped.
 */
export interface PersonalNotification extends NotificationContent {
  businessId: null;
  to: { userIds: string[] };
}

export type OutgoingNotification = BusinessNotification | PersonalNotification;

/**
 * How any module tells members of a business (or, personally, any users) that something happened (issue #19):
 * the notifications module implements it; app.ts hands it to the services that produce notifications, so no
 * module imports another.
 *
 * Give `tx` when the change is written in a transaction: the notification is stored in it (a rolled-back write
 * leaves no notification) and pushed to the recipients' open bells only after it commits. Without `tx` it is
 * stored and pushed at once. A member who switched the type off in their preferences receives nothing.
 *
 * `send` never fails the producer's request for a notification problem it can contain (an unknown member is
 * dropped); a database error inside `tx` does propagate, as any write of that transaction would.
 */
export interface NotificationSender {
  send(notification: OutgoingNotification, tx?: Executor): Promise<void>;
}

/** A sender that delivers nothing: for unit tests of a producer that do not look at notifications. */
export const noNotifications: NotificationSender = { send: async () => undefined };
