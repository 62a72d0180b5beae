import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  campaignKeys,
  campaigns,
  emailTemplateKeys,
  gmail,
  gmailKeys,
  type CampaignAudienceInput,
  type CampaignInput,
  type CampaignRecipientsQuery,
  type EmailTemplateInput,
} from '@atrium/domain-comms';

export const useTemplates = () => useQuery({ queryKey: emailTemplateKeys.list, queryFn: () => campaigns.templates() });

export const useTemplate = (id: string | undefined) =>
  useQuery({ queryKey: emailTemplateKeys.detail(id ?? ''), queryFn: () => campaigns.template(id!), enabled: !!id });

export function useSaveTemplate(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EmailTemplateInput) =>
      id ? campaigns.updateTemplate(id, input) : campaigns.createTemplate(input),
    onSuccess: () => client.invalidateQueries({ queryKey: emailTemplateKeys.all }),
  });
}

export function useDeleteTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => campaigns.deleteTemplate(id),
    onSuccess: () => client.invalidateQueries({ queryKey: emailTemplateKeys.all }),
  });
}

/** The campaigns; polled every 3 s while one is sending, so progress shows. */
export const useCampaigns = () =>
  useQuery({
    queryKey: campaignKeys.list,
    queryFn: () => campaigns.campaigns(),
    refetchInterval: (q) => (q.state.data?.some((c) => c.status === 'sending') ? 3000 : false),
  });

export const useCampaign = (id: string) =>
  useQuery({
    queryKey: campaignKeys.detail(id),
    queryFn: () => campaigns.campaign(id),
    refetchInterval: (q) => (q.state.data?.status === 'sending' ? 2000 : false),
  });

export const useRecipients = (id: string, query: CampaignRecipientsQuery, live: boolean) =>
  useQuery({
    queryKey: campaignKeys.recipients(id, query),
    queryFn: () => campaigns.recipients(id, query),
    refetchInterval: live ? 2000 : false,
  });

export const useAudienceOptions = () =>
  useQuery({ queryKey: campaignKeys.audienceOptions, queryFn: () => campaigns.audienceOptions() });

export const useAudienceCount = (audience: CampaignAudienceInput) =>
  useQuery({
    queryKey: campaignKeys.audienceCount(audience),
    queryFn: () => campaigns.audienceCount(audience),
    placeholderData: (previous) => previous,
  });

export const useGmailStatus = () => useQuery({ queryKey: gmailKeys.status, queryFn: () => gmail.status() });

export function useCreateCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CampaignInput) => campaigns.createCampaign(input),
    onSuccess: () => client.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

export function useCampaignAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: 'cancel' | 'resume') =>
      action === 'cancel' ? campaigns.cancelCampaign(id) : campaigns.resumeCampaign(id),
    onSuccess: () => client.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}
