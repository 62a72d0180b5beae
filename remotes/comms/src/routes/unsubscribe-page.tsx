import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, CardPage, Loader, Stack, Text, handleError, useParams } from '@atrium/ui';
import { CAMPAIGN_MESSAGES, campaignKeys, campaigns } from '@atrium/domain-comms';

/** /unsubscribe/{token}: a campaign message's unsubscribe link (public, signed in or not). */
export default function UnsubscribePage() {
  const { token = '' } = useParams();
  const client = useQueryClient();
  const info = useQuery({
    queryKey: campaignKeys.unsubscribe(token),
    queryFn: () => campaigns.unsubscribeInfo(token),
    retry: false,
  });
  const confirm = useMutation({
    mutationFn: () => campaigns.unsubscribe(token),
    onSuccess: (data) => client.setQueryData(campaignKeys.unsubscribe(token), data),
  });
  return (
    <CardPage title="Unsubscribe">
      {info.isPending ? (
        <Loader />
      ) : info.isError ? (
        <Alert color="red">{CAMPAIGN_MESSAGES.unsubscribeInvalid}</Alert>
      ) : info.data.unsubscribed ? (
        <Alert color="green" title={CAMPAIGN_MESSAGES.unsubscribed}>
          {info.data.email} will get no more campaign emails from {info.data.businessName}.
        </Alert>
      ) : (
        <Stack>
          <Text>
            Stop campaign emails from <b>{info.data.businessName}</b> to <b>{info.data.email}</b>?
          </Text>
          <Button
            loading={confirm.isPending}
            onClick={() => confirm.mutate(undefined, { onError: (e) => handleError(e) })}
          >
            Unsubscribe
          </Button>
        </Stack>
      )}
    </CardPage>
  );
}
