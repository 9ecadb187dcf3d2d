/**
 * Uploading one file to the admin API with progress (`fetch` cannot report upload progress, so this is the
 * admin's one `XMLHttpRequest`): `multipart/form-data` with the file under `files`, the admin's bearer token
 * and store host as in ./admin-api.ts, the answer parsed with the caller's schema, an error answer an
 * `ApiError` (a 401 ends the session).
 */
import { ApiError, apiUrl, parseAnswer, type ResponseSchema } from '@client/lib/api-client';
import { failure, readAdminToken } from './admin-api';

/**
 * `POST /api/v1/admin{path}` with `file`; `onProgress` gets the share sent so far (0 to 1).
 * @throws {ApiError} the server's refusal (`photo.gif is not a JPEG, PNG or WebP image`) or no answer.
 */
export function adminUpload<T>(
  path: string,
  file: File,
  schema: ResponseSchema<T>,
  onProgress: (sent: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', apiUrl(`/admin${path}`));
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('X-Store-Host', location.hostname);
    const token = readAdminToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError('No response from server', 0));
    request.onload = () => {
      const text = request.responseText;
      if (request.status < 200 || request.status >= 300) {
        const answer = new Response(text || null, {
          status: request.status,
          headers: { 'content-type': 'application/json' },
        });
        failure(answer).then(reject, reject);
        return;
      }
      try {
        resolve(parseAnswer(schema, text ? JSON.parse(text) : null, `POST /admin${path}`, request.status));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    const form = new FormData();
    form.append('files', file, file.name);
    request.send(form);
  });
}
