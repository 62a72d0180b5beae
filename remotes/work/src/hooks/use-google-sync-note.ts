/**
 * What the meeting form says under 'Sync to Google Calendar'. The switch stays on the form; whether the
 * organizer's Google Calendar is connected is not known to this remote yet (the slice has no status call), so it
 * says plainly what the switch needs rather than promising a sync.
 */
export function useGoogleSyncNote(): { text: string; disabled: boolean } {
  return {
    text: 'Syncs when Google Calendar is connected in your integrations; until then the meeting stays in Atrium only.',
    disabled: false,
  };
}
