// A minimal ustar writer (regular files and directories, names under 100 bytes) for a backup
// and its data directory, and a strict reader for the backup's container (archive.ts), which
// holds regular files only. Every header's checksum is checked, so a damaged or cut
// archive is refused by name rather than read as something else.

export class TarError extends Error {}

export interface TarFile {
  name: string;
  data: Uint8Array;
  /** a directory (its data is empty) */
  directory?: boolean;
}

const block = 512;

function headerChecksum(header: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < block; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  return sum;
}

function field(header: Uint8Array, start: number, length: number): string {
  const text = Buffer.from(header.subarray(start, start + length)).toString("latin1");
  const end = text.indexOf("\0");
  return (end === -1 ? text : text.slice(0, end)).trim();
}

export function writeTar(files: TarFile[], mtime = new Date()): Buffer {
  const parts: Uint8Array[] = [];
  for (const { name, data, directory } of files) {
    if (Buffer.byteLength(name) >= 100) throw new TarError(`name too long: ${name}`);
    const header = Buffer.alloc(block);
    header.write(name, 0, "latin1");
    header.write(directory ? "0000700\0" : "0000600\0", 100, "latin1");
    header.write("0000000\0", 108, "latin1");
    header.write("0000000\0", 116, "latin1");
    header.write(`${data.length.toString(8).padStart(11, "0")}\0`, 124, "latin1");
    header.write(
      `${Math.floor(mtime.getTime() / 1000)
        .toString(8)
        .padStart(11, "0")}\0`,
      136,
      "latin1",
    );
    header.write(directory ? "5" : "0", 156, "latin1");
    header.write("ustar\0" + "00", 257, "latin1");
    header.write(`${headerChecksum(header).toString(8).padStart(6, "0")}\0 `, 148, "latin1");
    parts.push(header, data, Buffer.alloc((block - (data.length % block)) % block));
  }
  parts.push(Buffer.alloc(block * 2));
  return Buffer.concat(parts);
}

/** The files of a tarball written by writeTar; TarError on anything else. */
export function readTar(tar: Uint8Array): TarFile[] {
  const files: TarFile[] = [];
  let offset = 0;
  for (;;) {
    if (offset + block > tar.length) throw new TarError("the archive ends in the middle");
    const header = tar.subarray(offset, offset + block);
    if (header.every((byte) => byte === 0)) return files;
    const stored = parseInt(field(header, 148, 8), 8);
    if (stored !== headerChecksum(header)) throw new TarError("a header's checksum is wrong");
    const size = parseInt(field(header, 124, 12) || "0", 8);
    const type = field(header, 156, 1) || "0";
    if (type !== "0" || !Number.isSafeInteger(size)) {
      throw new TarError(`unexpected entry ${field(header, 0, 100)}`);
    }
    const start = offset + block;
    if (start + size > tar.length) throw new TarError("the archive ends in the middle");
    files.push({ name: field(header, 0, 100), data: tar.subarray(start, start + size) });
    offset = start + Math.ceil(size / block) * block;
  }
}
