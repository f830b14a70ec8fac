import {
  embedConfigListSchema,
  embedConfigSchema,
  embedUsageSchema,
  type CreateEmbedConfigRequest,
  type EmbedUsage,
  type EmbedConfig,
  type UpdateEmbedConfigRequest,
} from "../../../../contracts/embed";
import { api } from "~/lib/api-client";

// The caller's embed configurations (API.md "embed-configs").

export const embedConfigsQueryKey = ["embed-configs"] as const;

const base = "/api/embed-configs";

export async function fetchEmbedConfigs(): Promise<EmbedConfig[]> {
  return embedConfigListSchema.parse(await api<unknown>(base));
}

export async function createEmbedConfig(body: CreateEmbedConfigRequest): Promise<EmbedConfig> {
  return embedConfigSchema.parse(await api<unknown>(base, { method: "POST", body }));
}

export async function updateEmbedConfig(
  id: string,
  body: UpdateEmbedConfigRequest,
): Promise<EmbedConfig> {
  return embedConfigSchema.parse(
    await api<unknown>(`${base}/${encodeURIComponent(id)}`, { method: "PATCH", body }),
  );
}

export async function deleteEmbedConfig(id: string): Promise<void> {
  await api<void>(`${base}/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export const embedUsageQueryKey = (id: string) => ["embed-configs", id, "usage"] as const;

/** The last 30 days' counts of a configuration (issue 18). */
export async function fetchEmbedUsage(id: string): Promise<EmbedUsage> {
  return embedUsageSchema.parse(await api<unknown>(`${base}/${encodeURIComponent(id)}/usage`));
}

/** The same days as a CSV download (a plain link: the session cookie goes with it). */
export const embedUsageCsvUrl = (id: string) => `${base}/${encodeURIComponent(id)}/usage.csv`;
