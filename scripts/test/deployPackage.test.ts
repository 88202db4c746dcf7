/**
 * The functions as Cloud Build installs them: `functions/` is deployed on its own, its package.json installed
 * alone, where the workspace's hoisted node_modules cannot hide a runtime dependency it forgot to declare. This
 * compiles the functions and the engine they carry (functions/engine, a file: dependency) into a folder of their
 * own, packs it with npm, installs the package alone in an empty
 * folder (from the npm cache when it can) and loads lib/index.js there: every function the entry point exports
 * must be there.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'deploy-package-'));

/** The names functions/src/index.ts exports, read from its export lists. */
function declaredExports(): string[] {
  const source = readFileSync(join(root, 'functions', 'src', 'index.ts'), 'utf8');
  const lists = [...source.matchAll(/export\s*\{([^}]*)\}\s*from/g)].map((m) => m[1]!);
  return lists
    .flatMap((list) => list.split(','))
    .map((name) => name.trim())
    .filter(Boolean)
    .sort();
}

const npm = (args: string[], cwd: string) =>
  spawnSync('npm', args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_workspaces: undefined } });

describe('the functions package, installed alone as Cloud Build does', () => {
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('loads lib/index.js with every exported function', () => {
    const source = join(work, 'functions');
    mkdirSync(source);
    // npm pack wants a version, which a deploy does not: the copy gets one, the dependencies stay as they are.
    const manifest = JSON.parse(readFileSync(join(root, 'functions', 'package.json'), 'utf8')) as object;
    writeFileSync(join(source, 'package.json'), JSON.stringify({ version: '0.0.0', ...manifest }, null, 2));
    // The predeploy build: both projects (the engine through the functions' reference), then what the upload holds.
    execFileSync(
      process.execPath,
      [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', 'functions/tsconfig.build.json'],
      { cwd: root, stdio: 'pipe' },
    );
    cpSync(join(root, 'functions', 'lib'), join(source, 'lib'), { recursive: true });
    mkdirSync(join(source, 'engine'));
    cpSync(join(root, 'functions', 'engine', 'package.json'), join(source, 'engine', 'package.json'));
    cpSync(join(root, 'functions', 'engine', 'lib'), join(source, 'engine', 'lib'), { recursive: true });
    const packed = npm(['pack', '--pack-destination', work], source);
    expect(packed.status, packed.stderr).toBe(0);
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
    expect(tarball, 'npm pack made no tarball').toBeDefined();

    const deployed = join(work, 'deployed');
    mkdirSync(deployed);
    execFileSync('tar', ['xzf', join(work, tarball!), '-C', deployed, '--strip-components', '1']);
    const installed = npm(['install', '--prefer-offline', '--omit=dev', '--no-audit', '--no-fund'], deployed);
    expect(installed.status, installed.stderr).toBe(0);

    const load = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const m = await import('./lib/index.js');
         console.log(JSON.stringify(Object.keys(m).filter((k) => typeof m[k] === 'function' && m[k].__endpoint).sort()));`,
      ],
      { cwd: deployed, encoding: 'utf8', env: { ...process.env, GCLOUD_PROJECT: 'demo-competition' } },
    );
    expect(load.stderr.split('\n').filter((line) => /Error|Cannot find/.test(line))).toEqual([]);
    expect(JSON.parse(load.stdout.trim().split('\n').at(-1) ?? '[]')).toEqual(declaredExports());
  }, 300_000);
});
