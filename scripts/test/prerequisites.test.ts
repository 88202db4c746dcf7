import { describe, expect, it } from 'vitest';
import { manifest, zipOneFile } from '../emulators/launcherJar.js';
import {
  type Probe,
  findEmulatorUi,
  findFirestoreEmulator,
  findJava,
  parseJavaMajor,
} from '../emulators/prerequisites.js';

/** A machine made of a list of files and the Java versions its binaries print. */
function machine(
  files: string[],
  javas: Record<string, string> = {},
  env: NodeJS.ProcessEnv = {},
  online = false,
): Probe {
  const set = new Set(files);
  return {
    env,
    home: '/home/me',
    exists: (path) => set.has(path) || files.some((f) => f.startsWith(`${path}/`)),
    list: (dir) => [
      ...new Set(files.filter((f) => f.startsWith(`${dir}/`)).map((f) => f.slice(dir.length + 1).split('/')[0]!)),
    ],
    realpath: (path) => path,
    javaVersionOutput: (binary) => (javas[binary] ? `openjdk version "${javas[binary]}" 2025-04-15` : null),
    online: () => Promise.resolve(online),
  };
}

const SEARCH = {
  expectedJar: 'cloud-firestore-emulator-v1.22.0.jar',
  launcherPath: '/repo/.firebase/emulators/firestore-launcher.jar',
};
const SDK_JAR = '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';

describe('finding a Java 21+', () => {
  it('reads the major version the way java -version prints it', () => {
    expect([
      parseJavaMajor('openjdk version "17.0.15"'),
      parseJavaMajor('java version "1.8.0_292"'),
      parseJavaMajor('openjdk version "25" 2025'),
    ]).toEqual([17, 8, 25]);
  });

  it('passes over the Java 17 of JAVA_HOME and the PATH and takes the JDK 25 under /usr/lib/jvm', () => {
    const probe = machine(
      ['/usr/lib/jvm/java-17/bin/java', '/usr/bin/java', '/usr/lib/jvm/temurin-25/bin/java'],
      {
        '/usr/lib/jvm/java-17/bin/java': '17.0.15',
        '/usr/bin/java': '17.0.15',
        '/usr/lib/jvm/temurin-25/bin/java': '25',
      },
      { JAVA_HOME: '/usr/lib/jvm/java-17', PATH: '/usr/bin' },
    );
    const found = findJava(probe);
    expect(found.ok && found.value).toEqual({
      binary: '/usr/lib/jvm/temurin-25/bin/java',
      home: '/usr/lib/jvm/temurin-25',
      major: 25,
    });
  });

  it('prefers JAVA_HOME when it is new enough', () => {
    const probe = machine(
      ['/opt/jdk21/bin/java', '/usr/lib/jvm/temurin-25/bin/java'],
      { '/opt/jdk21/bin/java': '21.0.2', '/usr/lib/jvm/temurin-25/bin/java': '25' },
      { JAVA_HOME: '/opt/jdk21' },
    );
    const found = findJava(probe);
    expect(found.ok && found.value.binary).toBe('/opt/jdk21/bin/java');
  });

  it('says what it found and what to install when nothing is new enough', () => {
    const found = findJava(machine(['/usr/bin/java'], { '/usr/bin/java': '17.0.15' }, { PATH: '/usr/bin' }));
    expect(found.ok).toBe(false);
    if (!found.ok) {
      expect(found.missing).toContain('found only Java 17 at /usr/bin/java');
      expect(found.howToInstall).toMatch(/JDK 21\+/);
    }
  });
});

describe('finding the Firestore emulator', () => {
  it("takes firebase-tools' own cached jar of the version it expects first", async () => {
    const cached = '/home/me/.cache/firebase/emulators/cloud-firestore-emulator-v1.22.0.jar';
    const found = await findFirestoreEmulator(machine([cached, SDK_JAR]), SEARCH);
    expect(found.ok && found.value).toEqual({ source: 'firebase-cache', jar: cached });
  });

  it("else wraps the Cloud SDK's component in a launcher jar", async () => {
    const found = await findFirestoreEmulator(machine([SDK_JAR]), SEARCH);
    expect(found.ok && found.value).toEqual({ source: 'cloud-sdk', sdkJar: SDK_JAR, launcher: SEARCH.launcherPath });
  });

  it('else lets firebase-tools download it when the network allows, and otherwise says how to install it', async () => {
    const online = await findFirestoreEmulator(machine([], {}, {}, true), SEARCH);
    expect(online.ok && online.value).toEqual({ source: 'download' });
    const offline = await findFirestoreEmulator(machine([]), SEARCH);
    expect(offline.ok).toBe(false);
    if (!offline.ok) expect(offline.howToInstall).toContain('gcloud components install cloud-firestore-emulator');
  });

  it('leaves the Emulator UI out offline when it is not cached, and says so', async () => {
    const ui = await findEmulatorUi(machine([]), 'ui-v1.15.0/server/server.mjs');
    expect(ui.ok).toBe(false);
  });
});

describe('the launcher jar', () => {
  it('names the main class and puts the SDK jar on the class path, in lines of at most 72 bytes', () => {
    const text = manifest('com.google.cloud.datastore.emulator.firestore.CloudFirestore', SDK_JAR);
    const lines = text.split('\r\n');
    expect(lines.every((line) => Buffer.byteLength(line) <= 72)).toBe(true);
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain('Main-Class: com.google.cloud.datastore.emulator.firestore.CloudFirestore\r\n');
    expect(unfolded).toContain(`Class-Path: file://${SDK_JAR}\r\n`);
  });

  it('is a zip whose one entry holds the manifest as written', () => {
    const content = Buffer.from('Manifest-Version: 1.0\r\n\r\n');
    const zip = zipOneFile('META-INF/MANIFEST.MF', content);
    expect(zip.readUInt32LE(0)).toBe(0x04034b50);
    const nameLength = zip.readUInt16LE(26);
    expect(zip.subarray(30, 30 + nameLength).toString()).toBe('META-INF/MANIFEST.MF');
    expect(zip.subarray(30 + nameLength, 30 + nameLength + content.length).equals(content)).toBe(true);
    expect(zip.readUInt32LE(zip.length - 22)).toBe(0x06054b50);
  });
});
