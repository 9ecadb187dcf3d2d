/**
 * Uploading one file to the API with progress (`fetch` cannot report upload progress, so this is the client's
 * one `XMLHttpRequest`): `multipart/form-data` with the file under `files`, the headers of every call of
 * lib/api-client.ts (the page's bearer token and store host), the answer parsed with the caller's schema, an
 * error answer an `ApiError` (a 401 ends the session). The admin's images and logo use it.
 */
import {
  ApiError,
  apiFailure,
  apiHeaders,
  apiUrl,
  jsonOf,
  parseAnswer,
  type ResponseSchema,
} from './api-client';

/**
 * `POST /api/v1{path}` with `file`; `onProgress` gets the share sent so far (0 to 1).
 * @throws {ApiError} the server's refusal (`photo.gif is not a JPEG, PNG or WebP image`) or no answer.
 * @throws {InvalidResponseError} when the answer does not match `schema`.
 */
export function uploadFile<T>(
  path: string,
  file: File,
  schema: ResponseSchema<T>,
  onProgress: (sent: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', apiUrl(path));
    for (const [name, value] of Object.entries(apiHeaders())) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError('No response from server', 0));
    request.onload = () => {
      const body = jsonOf(request.responseText);
      if (request.status < 200 || request.status >= 300) {
        reject(apiFailure(request.status, body));
        return;
      }
      try {
        resolve(parseAnswer(schema, body, `POST ${path}`, request.status));
      } catch (error) {
        reject(error as Error);
      }
    };
    const form = new FormData();
    form.append('files', file, file.name);
    request.send(form);
  });
}
