/**
 * The stylesheet of the storefront's pages, written into each page: the storefront has one small stylesheet
 * (about 12 KB gzipped), and a page that carries it paints without waiting for a second request.
 */

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
