/**
 * The Cloud SDK ships the Firestore emulator as a jar without a Main-Class, and firebase-tools starts it with
 * `java -jar`. A jar holding only a manifest that names the main class and puts the SDK's jar on the class path
 * bridges the two; it is written here as a one-entry zip, so no JDK `jar` tool is needed.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { crc32 } from 'node:zlib';

/** Manifest lines are at most 72 bytes; longer values continue on lines that start with a space. */
export function manifest(mainClass: string, classPathJar: string): string {
  const attributes = [
    'Manifest-Version: 1.0',
    `Main-Class: ${mainClass}`,
    `Class-Path: ${pathToFileURL(classPathJar).href}`,
  ];
  const wrapped = attributes.flatMap((line) => {
    const parts = [line.slice(0, 72)];
    for (let i = 72; i < line.length; i += 71) parts.push(` ${line.slice(i, i + 71)}`);
    return parts;
  });
  return `${wrapped.join('\r\n')}\r\n\r\n`;
}

/** A zip with one stored (uncompressed) file. */
export function zipOneFile(name: string, content: Buffer): Buffer {
  const fileName = Buffer.from(name, 'utf8');
  const crc = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4); // version needed
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4); // version made by
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const localSize = local.length + fileName.length + content.length;
  const centralSize = central.length + fileName.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(localSize, 16);
  return Buffer.concat([local, fileName, content, central, fileName, end]);
}

/** Writes the launcher unless an identical one is already there (firebase-tools chmods it on every start). */
export function writeLauncherJar(path: string, mainClass: string, classPathJar: string): void {
  const jar = zipOneFile('META-INF/MANIFEST.MF', Buffer.from(manifest(mainClass, classPathJar), 'utf8'));
  try {
    if (readFileSync(path).equals(jar)) return;
  } catch {
    // not written yet
  }
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, jar);
}
