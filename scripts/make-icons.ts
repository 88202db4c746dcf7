/**
 * Draws the installed app's icons (web/public/icons/*.png): a podium of three white steps on the dashboard's accent
 * blue, the maskable one with the podium inside the safe zone (the middle 80%). Plain PNG written with zlib, no
 * image library. Run `npm run --silent icons` after changing the design; the PNGs are committed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

const ACCENT = [0x1f, 0x6f, 0xeb];
const WHITE = [0xff, 0xff, 0xff];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** `inset` is the share of the side left around the podium (the maskable icon keeps it in the safe zone). */
function icon(size: number, inset: number): Buffer {
  const rows: Buffer[] = [];
  const box = { x0: size * inset, x1: size * (1 - inset), y0: size * inset, y1: size * (1 - inset) };
  const w = (box.x1 - box.x0) / 3;
  const h = box.y1 - box.y0;
  // Second, first and third place: the middle step is the highest.
  const steps = [0.55, 0.85, 0.4].map((height, i) => ({
    x0: box.x0 + i * w + w * 0.06,
    x1: box.x0 + (i + 1) * w - w * 0.06,
    y0: box.y1 - h * height,
  }));
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const onStep = steps.some((s) => x >= s.x0 && x < s.x1 && y >= s.y0 && y < box.y1);
      const [r, g, b] = onStep ? WHITE : ACCENT;
      row.set([r!, g!, b!], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = join(import.meta.dirname, '..', 'web', 'public', 'icons');
mkdirSync(out, { recursive: true });
const icons: Array<[string, number, number]> = [
  ['icon-192.png', 192, 0.16],
  ['icon-512.png', 512, 0.16],
  ['maskable-512.png', 512, 0.24],
  ['apple-touch-icon.png', 180, 0.16],
];
for (const [name, size, inset] of icons) writeFileSync(join(out, name), icon(size, inset));
console.log(`wrote ${icons.map(([name]) => name).join(', ')} to ${out}`);
