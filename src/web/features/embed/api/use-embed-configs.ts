import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreateEmbedConfigRequest,
  EmbedConfig,
  UpdateEmbedConfigRequest,
} from "#contracts/embed.ts";
import { planUsageQueryKey } from "~/features/profile";
import {
  createEmbedConfig,
  deleteEmbedConfig,
  embedConfigsQueryKey,
  fetchEmbedConfigs,
  updateEmbedConfig,
} from "./embed-configs-api";

export function useEmbedConfigs() {
  return useQuery({ queryKey: embedConfigsQueryKey, queryFn: fetchEmbedConfigs });
}

/**
 * Create, update and delete, each writing its answer into the list (newest first); the plan's
 * usage (its embed domains) is read again after each.
 */
export function useEmbedConfigMutations() {
  const queryClient = useQueryClient();
  const setList = (change: (list: EmbedConfig[]) => EmbedConfig[]) => {
    queryClient.setQueryData<EmbedConfig[]>(embedConfigsQueryKey, (list) => change(list ?? []));
    void queryClient.invalidateQueries({ queryKey: planUsageQueryKey });
  };

  const create = useMutation({
    mutationFn: (body: CreateEmbedConfigRequest) => createEmbedConfig(body),
    onSuccess: (created) =>
      setList((list) => [created, ...list.filter((c) => c.id !== created.id)]),
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateEmbedConfigRequest }) =>
      updateEmbedConfig(id, body),
    onSuccess: (updated) => setList((list) => list.map((c) => (c.id === updated.id ? updated : c))),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteEmbedConfig(id),
    onSuccess: (_, id) => setList((list) => list.filter((c) => c.id !== id)),
  });
  return { create, update, remove };
}
