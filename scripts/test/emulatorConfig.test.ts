import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PORT_OFFSET_STEP, emulatorConfig, portOffsetProblem } from '../emulators/config.js';

function repoWithFirebaseJson(): string {
  const root = mkdtempSync(join(tmpdir(), 'emulator-config-'));
  writeFileSync(join(root, 'firebase.json'), readFileSync(new URL('../../firebase.json', import.meta.url)));
  return root;
}

describe('the emulators config with a port offset', () => {
  it('gives two stacks a step apart ports they never share, the Firestore websocket included', () => {
    const root = repoWithFirebaseJson();
    const portsOf = (portOffset: number) => {
      const config = emulatorConfig({ portOffset, ui: true, hosting: false, root });
      const written = JSON.parse(readFileSync(config.path, 'utf8')) as {
        emulators: { firestore: { websocketPort: number } };
      };
      return [...Object.values(config.ports), written.emulators.firestore.websocketPort];
    };
    const first = portsOf(0);
    const second = portsOf(PORT_OFFSET_STEP);
    expect(first).toContain(8080);
    expect(second).toContain(8080 + PORT_OFFSET_STEP);
    expect(first.filter((port) => second.includes(port))).toEqual([]);
    const offsets = Array.from({ length: 11 }, (_, k) => k * PORT_OFFSET_STEP);
    const all = offsets.flatMap(portsOf);
    expect(new Set(all).size).toBe(all.length);
    expect(Math.max(...portsOf(10 * PORT_OFFSET_STEP))).toBeLessThan(65_536);
  });

  it('refuses an offset that would let two stacks collide, saying which offsets work', () => {
    // 100 apart, the hub of one stack (4400 + 100) takes the logging port of the other (4500).
    expect(portOffsetProblem(100)).toMatch(/steps of 5000/);
    expect(portOffsetProblem(-10_000)).toMatch(/got -10000/);
    expect(portOffsetProblem(60_000)).not.toBeNull();
    expect(portOffsetProblem(20_000)).toBeNull();
    expect(() => emulatorConfig({ portOffset: 300, ui: false, hosting: false, root: repoWithFirebaseJson() })).toThrow(
      /steps of 5000/,
    );
  });
});
