/**
 * A picture that failed before React took the page over: a server-rendered `<img>` starts loading with the
 * HTML, so its `error` event can fire before its `onError` handler exists. Checked once when the element is
 * attached (a ref callback): loaded or failed (`complete`) with no picture in it (`naturalWidth` 0).
 */
export function failedBeforeHydration(image: HTMLImageElement | null): image is HTMLImageElement {
  return image !== null && image.complete && image.naturalWidth === 0 && image.getAttribute('src') !== '';
}
