import { z } from "zod";

export const uuidSchema = z.uuid();
export const isoTimestamp = z.iso.datetime({ offset: true });

/** Non-blank after trimming (spec §5: workspace names, embed names). */
export const trimmedName = (max = 100) => z.string().trim().min(1, "required").max(max, "too_long");
