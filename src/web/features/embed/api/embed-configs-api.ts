import type {
  CreateEmbedConfigRequest,
  EmbedUsage,
  EmbedConfig,
  UpdateEmbedConfigRequest,
} from "#contracts/embed.ts";
import * as embed from "#contracts/endpoints/embed.ts";
import { request, requestPath } from "~/lib/api-client";

// The caller's embed configurations (API.md "embed-configs").

export const embedConfigsQueryKey = ["embed-configs"] as const;

export async function fetchEmbedConfigs(): Promise<EmbedConfig[]> {
  return request(embed.listEmbedConfigs);
}

export async function createEmbedConfig(body: CreateEmbedConfigRequest): Promise<EmbedConfig> {
  return request(embed.createEmbedConfig, { body });
}

export async function updateEmbedConfig(
  id: string,
  body: UpdateEmbedConfigRequest,
): Promise<EmbedConfig> {
  return request(embed.updateEmbedConfig, { params: { id }, body });
}

export async function deleteEmbedConfig(id: string): Promise<void> {
  await request(embed.deleteEmbedConfig, { params: { id } });
}

export const embedUsageQueryKey = (id: string) => ["embed-configs", id, "usage"] as const;

/** The last 30 days' counts of a configuration (issue 18). */
export async function fetchEmbedUsage(id: string): Promise<EmbedUsage> {
  return request(embed.getEmbedUsage, { params: { id } });
}

/** The same days as a CSV download (a plain link: the session cookie goes with it). */
export const embedUsageCsvUrl = (id: string) => requestPath(embed.exportEmbedUsageCsv.path, { id });
