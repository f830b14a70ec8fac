import { meResponseSchema, type MeResponse, type UpdateMeRequest } from "../../../../contracts/me";
import { api } from "~/lib/api-client";

export const meQueryKey = ["me"] as const;

export async function fetchMe(): Promise<MeResponse> {
  return meResponseSchema.parse(await api<unknown>("/api/me"));
}

export async function patchMe(body: UpdateMeRequest): Promise<MeResponse> {
  return meResponseSchema.parse(await api<unknown>("/api/me", { method: "PATCH", body }));
}
