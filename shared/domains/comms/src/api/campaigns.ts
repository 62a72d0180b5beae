import type { ApiClient } from '@atrium/api-client';
import type { Pagination } from '@atrium/contracts';
import type {
  AudienceCount,
  Campaign,
  CampaignAudienceInput,
  CampaignDetail,
  CampaignInput,
  CampaignRecipient,
  CampaignRecipientsQuery,
  EmailTemplate,
  EmailTemplateInput,
  EmailTemplateSummary,
  UnsubscribeInfo,
} from '../campaigns';

const enc = encodeURIComponent;

/** Typed calls for email templates and campaigns (docs/requirements.md "Email templates and campaigns"). */
export function campaignsApi(client: ApiClient) {
  return {
    templates: async () => (await client.get<{ data: EmailTemplateSummary[] }>('email-templates')).data,
    template: async (id: string) => (await client.get<{ data: EmailTemplate }>(`email-templates/${enc(id)}`)).data,
    createTemplate: async (input: EmailTemplateInput) =>
      (await client.post<{ data: EmailTemplate }>('email-templates', input)).data,
    updateTemplate: async (id: string, input: EmailTemplateInput) =>
      (await client.put<{ data: EmailTemplate }>(`email-templates/${enc(id)}`, input)).data,
    deleteTemplate: async (id: string) => {
      await client.delete(`email-templates/${enc(id)}`);
    },
    campaigns: async () => (await client.get<{ data: Campaign[] }>('email-campaigns')).data,
    campaign: async (id: string) => (await client.get<{ data: CampaignDetail }>(`email-campaigns/${enc(id)}`)).data,
    recipients: async (id: string, query: CampaignRecipientsQuery = {}) => {
      const params: Record<string, string> = {};
      for (const [k, v] of Object.entries(query)) if (v !== undefined) params[k] = String(v);
      return client.get<{ data: CampaignRecipient[]; pagination: Pagination }>(
        `email-campaigns/${enc(id)}/recipients`,
        params,
      );
    },
    audienceCount: async (audience: CampaignAudienceInput) =>
      (await client.post<{ data: AudienceCount }>('email-campaigns/audience-count', { audience })).data,
    createCampaign: async (input: CampaignInput) =>
      (await client.post<{ data: Campaign }>('email-campaigns', input)).data,
    resumeCampaign: async (id: string) =>
      (await client.post<{ data: Campaign }>(`email-campaigns/${enc(id)}/resume`, {})).data,
    cancelCampaign: async (id: string) =>
      (await client.post<{ data: Campaign }>(`email-campaigns/${enc(id)}/cancel`, {})).data,
    /** The business's contact groups and tags, for the audience picker (GET /contact-groups, GET /contacts/tags). */
    audienceOptions: async () => {
      const [groups, tags] = await Promise.all([
        client.get<{ data: { _id: string; name: string }[] }>('contact-groups', { limit: '100' }),
        client.get<{ data: { _id: string; name: string }[] }>('contacts/tags'),
      ]);
      return {
        groups: groups.data.map((g) => ({ value: g._id, label: g.name })),
        tags: tags.data.map((t) => ({ value: t._id, label: t.name })),
      };
    },
    unsubscribeInfo: async (token: string) =>
      (await client.get<{ data: UnsubscribeInfo }>(`public/unsubscribe/${enc(token)}`)).data,
    unsubscribe: async (token: string) =>
      (await client.post<{ data: UnsubscribeInfo }>(`public/unsubscribe/${enc(token)}`, {})).data,
  };
}
export type CampaignsApi = ReturnType<typeof campaignsApi>;
