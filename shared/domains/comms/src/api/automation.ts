import type { ApiClient } from '@atrium/api-client';
import type { Automation, AutomationInput, AutomationRun } from '../automation';

const enc = encodeURIComponent;

/** An option of the step editor's pickers (a template, a group, a member). */
export interface AutomationOption {
  value: string;
  label: string;
}

/** Typed calls for automations (docs/requirements.md "Automation"). */
export function automationApi(client: ApiClient) {
  return {
    list: async () => (await client.get<{ data: Automation[] }>('automations')).data,
    get: async (id: string) => (await client.get<{ data: Automation }>(`automations/${enc(id)}`)).data,
    runs: async (id: string) => (await client.get<{ data: AutomationRun[] }>(`automations/${enc(id)}/runs`)).data,
    create: async (input: AutomationInput) => (await client.post<{ data: Automation }>('automations', input)).data,
    update: async (id: string, input: AutomationInput) =>
      (await client.put<{ data: Automation }>(`automations/${enc(id)}`, input)).data,
    remove: async (id: string) => {
      await client.delete(`automations/${enc(id)}`);
    },
    /**
     * What the steps can name: the business's email templates, contact groups and members (GET /email-templates,
     * GET /contact-groups, GET /businesses/{id} for its members).
     */
    options: async (businessId: string) => {
      const [templates, groups, business] = await Promise.all([
        client.get<{ data: { _id: string; name: string }[] }>('email-templates'),
        client.get<{ data: { _id: string; name: string }[] }>('contact-groups', { limit: '100' }),
        client.get<{
          data: {
            members: { userId: string; user?: { email: string; firstName: string; lastName: string } }[];
          };
        }>(`businesses/${enc(businessId)}`),
      ]);
      const memberLabel = (m: (typeof business.data.members)[number]) =>
        m.user ? `${m.user.firstName} ${m.user.lastName}`.trim() || m.user.email : m.userId;
      return {
        templates: templates.data.map((t): AutomationOption => ({ value: t._id, label: t.name })),
        groups: groups.data.map((g): AutomationOption => ({ value: g._id, label: g.name })),
        members: business.data.members.map((m): AutomationOption => ({ value: m.userId, label: memberLabel(m) })),
      };
    },
  };
}
export type AutomationApi = ReturnType<typeof automationApi>;
