/**
 * Stands in for the re2js package inside the dashboard's build (vite.config.ts). The Firestore SDK bundles it for
 * the regular-expression functions of its pipeline queries, which the dashboard never runs; the real package would
 * cost the first screen about 40 KB gzipped. Should a pipeline ever use one, it fails loudly instead of silently.
 */
export const RE2JS = {
  compile(): never {
    throw new Error('regular expressions in Firestore pipelines are not built into this app');
  },
};
