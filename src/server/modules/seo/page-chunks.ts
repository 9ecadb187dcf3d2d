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

/** The script files (`assets/…`) a built `index.html` loads itself: its module scripts and preloads. */
export function scriptFilesOf(indexHtml: string): Set<string> {
  const files = [...indexHtml.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/(assets\/[^"]+\.js)"/g)];
  return new Set(files.map((match) => match[1]!));
}

/**
 * The files (`assets/…`) of the given modules and their static imports, without those the page loads anyway
 * (`loaded`: the scripts of `index.html`), in dependency order (imports first).
 * @param manifest the build manifest.
 * @param modules source modules relative to src/client, e.g. `features/catalog/products-page.tsx`; unknown
 *   ones are skipped.
 * @param loaded files the page already loads, e.g. from {@link scriptFilesOf}.
 */
export function chunkFilesFor(
  manifest: BuildManifest,
  modules: readonly string[],
  loaded: ReadonlySet<string>,
): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk || loaded.has(chunk.file)) return;
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

/**
 * `index.html` with its stylesheets (`<link rel="stylesheet" href="/assets/….css">`) written into the page as
 * `<style>`: the storefront's one stylesheet is small (about 12 KB gzipped), and a page that carries it
 * paints without waiting for a second request. URLs inside it are absolute (`/assets/…`), so they still
 * resolve. A stylesheet that cannot be read stays a link.
 * @param readAsset reads a built file by its path below the client build (`assets/….css`).
 */
export function withInlineStylesheets(indexHtml: string, readAsset: (file: string) => string | null): string {
  return indexHtml.replace(
    /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="\/(assets\/[^"]+\.css)"[^>]*>/g,
    (link, file: string) => {
      const css = readAsset(file);
      return css === null ? link : `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
    },
  );
}
