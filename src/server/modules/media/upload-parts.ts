/**
 * Reads the files of a `multipart/form-data` upload (any field name, one or more files) into memory, each at
 * most {@link MAX_IMAGE_BYTES}, at most {@link MAX_FILES_PER_UPLOAD} a request. The name a browser sends is
 * only shown in messages, never used as a path: a name with a folder in it (`../x.jpg`, `a/b.png`, `C:\x`) or
 * a control character is refused. Every refusal is a 400 `{ error }` naming the file.
 */
import type { FastifyRequest } from 'fastify';
import { BadRequestError } from '../../errors';
import { MAX_IMAGE_BYTES, type UploadedFile } from './image-pipeline';

/** Most files one upload request may carry. */
export const MAX_FILES_PER_UPLOAD = 10;
/** Longest file name taken, in characters. */
const MAX_NAME_LENGTH = 200;

export const NOT_MULTIPART_MESSAGE = 'Send the images as multipart/form-data';
export const NO_FILES_MESSAGE = 'Choose one or more images to upload';
export const UNREADABLE_UPLOAD_MESSAGE = 'The upload could not be read: send the images again';
export const TOO_MANY_FILES_MESSAGE = `Upload at most ${MAX_FILES_PER_UPLOAD} images at a time`;

/** Whether `name` is a plain file name: no folder separators, no `..`, no control characters. */
export function isPlainFileName(name: string): boolean {
  // eslint-disable-next-line no-control-regex
  return name.length <= MAX_NAME_LENGTH && !/[/\\\u0000-\u001f\u007f]/.test(name) && !name.includes('..');
}

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

/**
 * The uploaded files of `request`, in the order sent.
 * @throws {BadRequestError} (400) not multipart; a body that cannot be read; no file; more than 10 files; a file over 10 MB
 *   (`<name> is larger than 10 MB`); a name that is not a plain file name.
 */
export async function readUploadedFiles(request: FastifyRequest): Promise<UploadedFile[]> {
  if (!request.isMultipart()) throw new BadRequestError(NOT_MULTIPART_MESSAGE);
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.files({
      preservePath: true,
      limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_FILES_PER_UPLOAD, fields: 20, parts: 40 },
    })) {
      const name = part.filename || 'unnamed file';
      if (!isPlainFileName(name)) {
        part.file.resume();
        throw new BadRequestError(
          `The file name ${JSON.stringify(name.slice(0, 80))} is not allowed: use a name without folders`,
        );
      }
      try {
        files.push({ name, bytes: await part.toBuffer() });
      } catch (error) {
        if (codeOf(error) === 'FST_REQ_FILE_TOO_LARGE')
          throw new BadRequestError(`${name} is larger than 10 MB`);
        throw error;
      }
    }
  } catch (error) {
    if (error instanceof BadRequestError) throw error;
    const code = codeOf(error);
    if (code === 'FST_FILES_LIMIT') throw new BadRequestError(TOO_MANY_FILES_MESSAGE);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new BadRequestError(NOT_MULTIPART_MESSAGE);
    // Anything else here is the body itself: cut off, a broken boundary, too many parts.
    throw new BadRequestError(UNREADABLE_UPLOAD_MESSAGE);
  }
  if (files.length === 0) throw new BadRequestError(NO_FILES_MESSAGE);
  return files;
}
