import type { RemoteModalProps } from '@atrium/contracts';
import type { Meeting } from '@atrium/domain-work';
import { MeetingModal } from './meeting-modal';

/**
 * The 'meeting' modal other apps open through the bus: '+ New' → Meeting, a range selected on the calendar
 * (start, end, allDay), a project's "New meeting" (projectId), a contact's "New meeting" (attendees: that contact), or
 * Edit on a meeting's panel (meeting).
 */
export default function MeetingModalEntry({ onClose, data }: RemoteModalProps<'meeting'>) {
  return (
    <MeetingModal
      meeting={(data?.meeting as Meeting | undefined) ?? null}
      preset={{
        start: data?.start,
        end: data?.end,
        allDay: data?.allDay,
        projectId: data?.projectId,
        attendees: data?.attendees,
      }}
      onClose={onClose}
    />
  );
}
