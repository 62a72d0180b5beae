import { useSnapshot } from 'valtio';
import { useQueryClient } from '@tanstack/react-query';
import { sessionView } from '@atrium/api-client';
import { GmailCard, GoogleCalendarCard, Stack, Text } from '@atrium/ui';
import { GMAIL_MESSAGES, GMAIL_RESULT_PARAM, gmail, gmailKeys } from '@atrium/domain-comms/public';
import {
  GOOGLE_CALENDAR_MESSAGES,
  GOOGLE_CALENDAR_RESULT_PARAM,
  googleCalendar,
  googleCalendarKeys,
} from '@atrium/domain-work/public';

/**
 * /settings/profile/integrations: the signed-in member's own Google Calendar and Gmail in their current business — every member
 * connects here (the business settings' integrations tab is for owners and admins). The same shared card as there;
 * Google's redirect comes back to this tab.
 */
export function IntegrationsTab() {
  const { user } = useSnapshot(sessionView);
  const qc = useQueryClient();
  return (
    <Stack>
      {user?.businessName && (
        <Text size="sm" c="dimmed">
          Your own connections in {user.businessName}. Each business you belong to has its own.
        </Text>
      )}
      <GoogleCalendarCard
        calls={googleCalendar}
        texts={GOOGLE_CALENDAR_MESSAGES}
        resultParam={GOOGLE_CALENDAR_RESULT_PARAM}
        from="profile"
        onStatus={(s) => qc.setQueryData(googleCalendarKeys.status, s)}
      />
      <GmailCard
        calls={gmail}
        texts={GMAIL_MESSAGES}
        resultParam={GMAIL_RESULT_PARAM}
        onStatus={(s) => qc.setQueryData(gmailKeys.status, s)}
      />
    </Stack>
  );
}
