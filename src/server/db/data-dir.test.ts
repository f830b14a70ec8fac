import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkDataDir, DataDirError } from "./data-dir.ts";

// Decision 043: the data directory 0700 with 0600 files; refused when others can write it.

const temp = mkdtempSync(path.join(tmpdir(), "hawl-data-dir-unit-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
const modeOf = (file: string) => statSync(file).mode & 0o777;

describe("checkDataDir", () => {
  it("makes a missing directory 0700 (its parents too)", () => {
    const dir = path.join(temp, "new", "data");
    expect(checkDataDir(dir)).toBe(0);
    expect(modeOf(dir)).toBe(0o700);
  });

  it("takes read access away from group and other", () => {
    const dir = path.join(temp, "readable");
    mkdirSync(path.join(dir, "base"), { recursive: true, mode: 0o755 });
    chmodSync(dir, 0o750);
    writeFileSync(path.join(dir, "base", "1"), "x", { mode: 0o644 });
    chmodSync(path.join(dir, "base", "1"), 0o644);
    expect(checkDataDir(dir)).toBe(3);
    expect([dir, path.join(dir, "base"), path.join(dir, "base", "1")].map(modeOf)).toEqual([
      0o700, 0o700, 0o600,
    ]);
  });

  it("refuses a directory reached through a link when others can write what it names", () => {
    const target = path.join(temp, "volume");
    mkdirSync(target, { mode: 0o700 });
    writeFileSync(path.join(target, "pg_control"), "x", { mode: 0o600 });
    chmodSync(path.join(target, "pg_control"), 0o666);
    const link = path.join(temp, "link");
    symlinkSync(target, link);
    expect(() => checkDataDir(link)).toThrow(DataDirError);
    expect(() => checkDataDir(link)).toThrow(
      `first: pg_control): its data may have been changed. Check it, then run: chmod -R go-rwx '${target}'`,
    );
    // nothing changed by a refusal
    expect(modeOf(path.join(target, "pg_control"))).toBe(0o666);
  });

  it("quotes the path for the shell", () => {
    const dir = path.join(temp, "it's here");
    mkdirSync(dir, { mode: 0o700 });
    chmodSync(dir, 0o777);
    expect(() => checkDataDir(dir)).toThrow(`chmod -R go-rwx '${temp}/it'\\''s here'`);
  });
});
