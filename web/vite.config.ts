/**
 * The dashboard's build: web/dist, served by Firebase Hosting (firebase.json) and by the Hosting emulator under
 * `npm start` and `npm test`. The build prints what each first screen costs, gzipped: the entry chunk with the
 * CSS and everything it imports statically (the app shell), and the same plus each landing screen's chunk (a
 * player opening a tournament's link, the home and sign-in screens). It fails above the budget. The service worker
 * (vite-plugin-pwa, Workbox) keeps the app shell and every chunk, so the installed app opens offline.
 */
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type Plugin, defaultClientConditions, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const FIRST_SCREEN_BUDGET_KB = 250;
/** The lazily loaded screens a visitor can land on first, and what the build calls each. */
const LANDING_SCREENS: Record<string, string> = { Tournament: 'tournament link', Home: 'home', SignIn: 'sign-in' };

interface Output {
  type: 'chunk' | 'asset';
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  code?: string;
  source?: string | Uint8Array;
}

function firstScreenBudget(): Plugin {
  return {
    name: 'first-screen-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = bundle as unknown as Record<string, Output>;
      const closure = (start: string, into = new Set<string>()) => {
        if (into.has(start) || !files[start]) return into;
        into.add(start);
        for (const imported of files[start].imports ?? []) closure(imported, into);
        return into;
      };
      const gz = (name: string) => gzipSync(Buffer.from(files[name]!.code ?? files[name]!.source ?? '')).length;
      const kb = (names: Set<string>) => [...names].reduce((sum, name) => sum + gz(name), 0) / 1024;
      const entry = Object.keys(files).find((name) => files[name]!.isEntry);
      if (!entry) return;
      const first = closure(entry);
      for (const name of Object.keys(files)) if (name.endsWith('.css')) first.add(name);
      const screens: Array<[string, number]> = [['the app shell alone', kb(first)]];
      for (const [screen, label] of Object.entries(LANDING_SCREENS)) {
        const chunk = Object.keys(files).find((name) => files[name]!.isDynamicEntry && files[name]!.name === screen);
        if (chunk) screens.push([`${label} (${screen})`, kb(closure(chunk, new Set(first)))]);
      }
      const lines = screens.map(
        ([label, size]) =>
          `first screen, ${label}: ${size.toFixed(1)} KB gzipped (budget ${FIRST_SCREEN_BUDGET_KB} KB)`,
      );
      console.log(`\n${lines.map((line) => `  ${line}`).join('\n')}\n`);
      const over = screens.filter(([, size]) => size > FIRST_SCREEN_BUDGET_KB);
      if (over.length && !process.env.NO_BUDGET) this.error(`over budget: ${over.map(([label]) => label).join(', ')}`);
    },
  };
}

/**
 * The installable app: its manifest and a Workbox service worker that keeps the app shell and every chunk, so the
 * app opens offline with the last data Firestore's cache saw (see docs/offline.md). Hosting's reserved URLs (the
 * project's config and the emulators' addresses) are fetched fresh and kept for when the network is gone: without
 * them an offline start would not know its project.
 */
function installableApp() {
  return VitePWA({
    registerType: 'autoUpdate',
    injectRegister: 'script-defer',
    includeAssets: ['icons/apple-touch-icon.png'],
    manifest: {
      name: 'Club competitions',
      short_name: 'Competitions',
      description: 'Standings, rounds and your game, with scores entered from the phone, even offline.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#f3f5f7',
      theme_color: '#1f6feb',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      // A new worker takes over the open pages at once: the first visit is already ready for the next offline start.
      clientsClaim: true,
      skipWaiting: true,
      globPatterns: ['**/*.{js,css,html,png}'],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/__\//],
      runtimeCaching: [
        {
          urlPattern: ({ url }) => url.pathname.startsWith('/__/firebase/'),
          handler: 'NetworkFirst',
          options: { cacheName: 'firebase-hosting-config', networkTimeoutSeconds: 3 },
        },
      ],
    },
  });
}

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [firstScreenBudget(), installableApp()],
  // The engine is compiled from its TypeScript source with the dashboard (functions/engine/package.json).
  // re2js serves only the regular expressions of Firestore's pipeline queries, unused here (src/lib/noPipelineRegex.ts).
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    alias: { re2js: fileURLToPath(new URL('./src/lib/noPipelineRegex.ts', import.meta.url)) },
  },
  // The Firebase SDK alone is ~770 KB minified; the gzipped first-screen budget above is the size that matters.
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 800 },
  server: { host: '127.0.0.1' },
});
