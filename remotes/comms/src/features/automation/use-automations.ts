import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { automationKeys, automations, type AutomationInput } from '@atrium/domain-comms';

export const useAutomations = () => useQuery({ queryKey: automationKeys.list, queryFn: () => automations.list() });

export const useAutomation = (id: string | undefined) =>
  useQuery({ queryKey: automationKeys.detail(id ?? ''), queryFn: () => automations.get(id!), enabled: !!id });

/** The run history; polled every 2 s while a run is queued or running, so a run shows as it happens. */
export const useAutomationRuns = (id: string | undefined) =>
  useQuery({
    queryKey: automationKeys.runs(id ?? ''),
    queryFn: () => automations.runs(id!),
    enabled: !!id,
    refetchInterval: (q) => (q.state.data?.some((r) => r.status === 'queued' || r.status === 'running') ? 2000 : 5000),
  });

export const useAutomationOptions = (businessId: string | undefined) =>
  useQuery({
    queryKey: automationKeys.options(businessId ?? ''),
    queryFn: () => automations.options(businessId!),
    enabled: !!businessId,
  });

export function useSaveAutomation(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AutomationInput) => (id ? automations.update(id, input) : automations.create(input)),
    onSuccess: () => client.invalidateQueries({ queryKey: automationKeys.all }),
  });
}

/** On/off from the list: the automation saved with `enabled` flipped (its saver becomes its author). */
export function useToggleAutomation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AutomationInput }) => automations.update(id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: automationKeys.all }),
  });
}

export function useDeleteAutomation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => automations.remove(id),
    onSuccess: () => client.invalidateQueries({ queryKey: automationKeys.all }),
  });
}
