/**
 * Downloading a file from the API (a tax invoice PDF, the orders CSV, a GSTR-1 sheet, the catalogue file)
 * with the page's session, as every call of lib/api-client.ts: `X-Store-Host`, the bearer token, and an error
 * answer read as an `ApiError` (a 401 ends the session). The file goes to the browser's downloads. Loaded
 * with the pages that download, not on the first load.
 */
import { ApiError, apiFailure, apiHeaders, apiUrl, jsonOf, type RequestOptions } from './api-client';

/** The file name of a `Content-Disposition: attachment; filename="…"` header, else `fallback`. */
export function attachmentFileName(header: string | null, fallback: string): string {
  const match = header ? /filename="([^"]+)"/.exec(header) : null;
  return match?.[1] ?? fallback;
}

export type DownloadOptions = {
  query?: RequestOptions['query'];
  /** The `Accept` header (`application/pdf`); JSON by default, as error answers are. */
  accept?: string;
  /**
   * Saves the file under the name the server gives (`Content-Disposition`), `fileName` only when it gives
   * none.
   */
  serverName?: boolean;
};

/**
 * `GET /api/v1{path}` saved as `fileName` (see {@link DownloadOptions.serverName}).
 * @throws {ApiError} the server's refusal (404 'No invoice has been issued for this order yet', 429 …), or
 *   status 0 when no response arrived.
 */
export async function downloadFile(
  path: string,
  fileName: string,
  { query, accept, serverName = false }: DownloadOptions = {},
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), {
      headers: apiHeaders(accept ? { Accept: accept } : undefined),
      credentials: 'include',
    });
  } catch {
    throw new ApiError('No response from server', 0);
  }
  if (!response.ok) throw apiFailure(response.status, jsonOf(await response.text()));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = serverName
    ? attachmentFileName(response.headers.get('content-disposition'), fileName)
    : fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
