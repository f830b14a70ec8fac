import type { Language } from "../language.ts";
import { languageTags } from "./gregorian.ts";

// A time zone as a person reads it (decision 055): the city of its IANA id and Intl's name for
// the zone in the language, "Tokyo (heure normale du Japon)", never the raw id "Asia/Tokyo".

function zoneName(zone: string, lang: Language, style: "longGeneric" | "long"): string | null {
  try {
    const parts = new Intl.DateTimeFormat(languageTags[lang], {
      timeZone: zone,
      timeZoneName: style,
    }).formatToParts(new Date(0));
    const name = parts.find((p) => p.type === "timeZoneName")?.value ?? "";
    // an offset ("GMT+01:00", "UTC−05:00") is no name
    return /^(GMT|UTC)([+−-]|$)/.test(name) || name === "" ? null : name;
  } catch {
    return null;
  }
}

/** "Asia/Tokyo" → "Tokyo", "America/Argentina/Buenos_Aires" → "Buenos Aires"; none for "UTC". */
function cityOf(zone: string): string | null {
  const [area, ...rest] = zone.split("/");
  if (rest.length === 0 || area === "Etc") return null;
  return rest.at(-1)!.replaceAll("_", " ");
}

/** "Tokyo (Japan Standard Time)", "Bruxelles"-less "Brussels (heure d’Europe centrale)", "UTC". */
export function formatTimeZone(zone: string, lang: Language): string {
  const name = zoneName(zone, lang, "longGeneric") ?? zoneName(zone, lang, "long");
  const city = cityOf(zone);
  if (city && name) return `${city} (${name})`;
  return city ?? name ?? zone;
}
