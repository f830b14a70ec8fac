import { useEffect, useState } from "react";
import { guessableWords } from "#domain/password/guessable-words.ts";
import { PASSWORD_SCORED_LENGTH } from "#domain/password/rules.ts";

// zxcvbn-ts and its dictionaries weigh several hundred KB: loaded on demand (the first
// keystroke in a new-password field, or the submit), never with the page.

/** `related`: the address and the name typed with it, known to a guesser as on the server */
type Scorer = (password: string, related?: readonly string[]) => number;

let loading: Promise<Scorer> | null = null;

/** Loads zxcvbn once (same dictionaries and graphs as the server) and returns its scorer. */
export function loadPasswordScorer(): Promise<Scorer> {
  loading ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common")])
    .then(([core, common]) => {
      core.zxcvbnOptions.setOptions({
        dictionary: common.dictionary,
        graphs: common.adjacencyGraphs,
        maxLength: PASSWORD_SCORED_LENGTH,
      });
      const scorer: Scorer = (password, related = []) =>
        core.zxcvbn(password, guessableWords(related)).score;
      return scorer;
    })
    .catch((error: unknown) => {
      loading = null; // offline or a failed chunk: the next attempt tries again
      throw error;
    });
  return loading;
}

/** zxcvbn's score (0–4) of `password`, or null while it loads or when it cannot. */
export async function scorePassword(
  password: string,
  related: readonly string[] = [],
): Promise<number | null> {
  try {
    return (await loadPasswordScorer())(password, related);
  } catch {
    return null; // the server checks anyway
  }
}

/**
 * The live score of a password being typed: null when empty or before zxcvbn has loaded; the
 * previous score stays while the next one is computed, so the meter does not flicker.
 */
export function usePasswordScore(password: string, related: readonly string[] = []): number | null {
  const [scored, setScored] = useState<{ score: number | null } | null>(null);
  const relatedKey = related.join("\n");
  useEffect(() => {
    if (!password) return;
    let current = true;
    void scorePassword(password, relatedKey ? relatedKey.split("\n") : []).then((score) => {
      if (current) setScored({ score });
    });
    return () => {
      current = false;
    };
  }, [password, relatedKey]);
  return password ? (scored?.score ?? null) : null;
}
