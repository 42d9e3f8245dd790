// Zips built by hand for the bundle-import attacks: entries of raw DEFLATE data whose declared
// sizes may lie, and large runs of zeros made from one flushed block repeated, so a zip that
// unpacks to hundreds of MiB is built in milliseconds and stays small on disk.
import { crc32, deflateRawSync, constants } from "node:zlib";

export interface HandMadeEntry {
  name: string;
  /** Raw DEFLATE data. */
  deflated: Uint8Array;
  /** The unpacked size the zip declares (true or not). */
  declaredSize: number;
  crc: number;
}

/** Raw DEFLATE data that inflates to `mib` MiB of zeros, and its true CRC-32. */
export function zerosDeflated(mib: number): { deflated: Uint8Array; crc: number } {
  const block = deflateRawSync(Buffer.alloc(1 << 20), { finishFlush: constants.Z_FULL_FLUSH });
  const finalEmptyBlock = Buffer.from([0x03, 0x00]);
  let crc = 0;
  const mebibyte = Buffer.alloc(1 << 20);
  for (let i = 0; i < mib; i++) crc = crc32(mebibyte, crc);
  return { deflated: Buffer.concat([...Array.from({ length: mib }, () => block), finalEmptyBlock]), crc };
}

export function deflatedEntry(name: string, content: Uint8Array): HandMadeEntry {
  return { name, deflated: deflateRawSync(content), declaredSize: content.length, crc: crc32(content) };
}

/** A zip of the entries (DEFLATE, no data descriptors), with its central directory. */
export function handMadeZip(entries: readonly HandMadeEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.deflated.length, 18);
    local.writeUInt32LE(e.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.deflated.length, 20);
    central.writeUInt32LE(e.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(e.deflated));
    centrals.push(central, name);
    offset += 30 + name.length + e.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
