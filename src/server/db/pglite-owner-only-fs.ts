import type { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";

// PGlite's data directory on disk, its new files and directories its owner's alone (decision
// 043). Emscripten keeps its own umask (0022, not the process's) and chmods each file it
// creates to the mode asked less that umask, past the process's umask: Postgres's
// pg_internal.init came out 0644. PostgreSQL itself sets umask 0077 when it checks its data
// directory, which PGlite skips; here every creation through Emscripten's FS loses group's
// and other's bits, as under that umask.

const ownerOnly = ~0o077;

type Created = (path: string, flagsOrMode?: unknown, mode?: number) => unknown;

export class OwnerOnlyNodeFS extends NodeFS {
  override async init(pg: PGlite, emscriptenOptions: Parameters<NodeFS["init"]>[1]) {
    const preRun = [
      ...(emscriptenOptions.preRun ?? []),
      (mod: { FS: object }) => {
        const fs = mod.FS as { open: Created; mkdir: Created };
        const open = fs.open.bind(fs);
        const mkdir = fs.mkdir.bind(fs);
        // the defaults are Emscripten's own: 0666 for a file, 0777 for a directory
        fs.open = (path, flags, mode = 0o666) => open(path, flags, mode & ownerOnly);
        fs.mkdir = (path, mode = 0o777) => mkdir(path, (mode as number) & ownerOnly);
      },
    ];
    return super.init(pg, { ...emscriptenOptions, preRun });
  }
}
