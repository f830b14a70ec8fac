import type { Db } from "../client.ts";

/** The database or an open transaction: repositories work inside either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Executor = Db | Tx;
