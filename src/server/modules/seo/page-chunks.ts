/**
 * The JavaScript chunks a server-rendered page needs, from the storefront build's manifest
 * (`dist/client/.vite/manifest.json`, written by Vite): a page's lazy modules and everything they import, as
 * `<link rel="modulepreload">` tags, so the browser fetches them with the entry instead of discovering them
 * one import at a time while hydrating.
 */

/** One entry of Vite's build manifest (the fields read here). */
export type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
/** Vite's build manifest: source module (relative to src/client) or chunk key → chunk. */
export type BuildManifest = Record<string, ManifestChunk>;

/**
 * The files (`assets/…`) of the given modules and their static imports, without those the entry
 * (`index.html`) already loads, in dependency order (imports first).
 * @param manifest the build manifest.
 * @param modules source modules relative to src/client, e.g. `features/catalog/products-page.tsx`; unknown
 *   ones are skipped.
 */
export function chunkFilesFor(manifest: BuildManifest, modules: readonly string[]): string[] {
  const loadedByEntry = new Set<string>();
  const markEntry = (key: string) => {
    if (loadedByEntry.has(key)) return;
    loadedByEntry.add(key);
    manifest[key]?.imports?.forEach(markEntry);
  };
  markEntry('index.html');

  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || loadedByEntry.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    chunk.imports?.forEach(visit);
    files.push(chunk.file);
  };
  modules.forEach(visit);
  return files;
}

/** `<link rel="modulepreload">` tags for chunk files (`assets/…`). */
export function modulePreloadTags(files: readonly string[]): string {
  return files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
}
