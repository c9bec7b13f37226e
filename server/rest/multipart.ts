/**
 * Reading a multipart request for the REST rows whose input is `multipart` (uploads, imports),
 * and what a refused body answers (issue 38 §7 "malformed multipart"):
 * - a body the parser cannot read (no boundary, no closing boundary, truncated, not multipart at
 *   all, closed early) answers MALFORMED_MULTIPART in the envelope and is logged as ONE warning
 *   (`multipart body refused`, with the parser's reason and code, never a stack trace): it is the
 *   client's mistake, not a server failure;
 * - a file over the size limit or more files than allowed answer the size / count messages;
 * - a `__proto__` field answers the forbidden-key message (core/input.ts).
 * Files come back as UploadedFile (bytes in memory), fields as strings.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../core/errors';
import type { UploadedFile } from '../core/files';
import { forbiddenKeyMessage, isSafeKey } from '../core/input';

export const MALFORMED_MULTIPART = '上传文件失败，请求不是合法的 multipart/form-data 格式';
/** The multipart limits registered in server/app.ts (bytes per file, files per request). */
export const MULTIPART_LIMITS = { fileSize: 100 * 1024 * 1024, files: 5, fields: 50, fieldSize: 1024 * 1024, parts: 55 } as const;
export const FILE_TOO_LARGE = `上传的文件大小超出限制的文件大小！允许的文件最大大小是：${MULTIPART_LIMITS.fileSize / 1024 / 1024}MB！`;
export const TOO_MANY_FILES = `上传文件数量不能超过 ${MULTIPART_LIMITS.files} 个!`;
/** Issue 38 §6: a multipart request carries at most `fields` text fields (and `parts` parts in all). */
export const TOO_MANY_FIELDS = `上传请求的表单字段数量不能超过 ${MULTIPART_LIMITS.fields} 个!`;
/** Issue 38 §6: a text field longer than `fieldSize` bytes is refused, not cut short. */
export const FIELD_TOO_LARGE = `上传请求的表单字段不能超过 ${MULTIPART_LIMITS.fieldSize / 1024 / 1024}MB!`;

/** The answer for an error the multipart parser raised (see the file comment); logs the malformed case. */
function refusal(req: FastifyRequest, err: unknown): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_PROTO_VIOLATION') return new AppError('invalid', forbiddenKeyMessage('__proto__'));
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('invalid', FILE_TOO_LARGE);
  if (code === 'FST_FILES_LIMIT') return new AppError('invalid', TOO_MANY_FILES);
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return new AppError('invalid', TOO_MANY_FIELDS);
  req.log.warn({ reason: String((err as Error | null)?.message ?? err).slice(0, 200), code }, 'multipart body refused');
  return new AppError('invalid', MALFORMED_MULTIPART);
}

/**
 * Every part of a multipart request → `{field: UploadedFile | string}` (`{}` when the request is
 * not multipart). Errors: AppError with the messages above; never the parser's English text.
 */
export async function readMultipart(req: FastifyRequest): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  if (!req.isMultipart()) return out;
  try {
    for await (const part of req.parts()) {
      if (!isSafeKey(part.fieldname)) throw new AppError('invalid', forbiddenKeyMessage(part.fieldname));
      if (part.type === 'file') {
        const file: UploadedFile = { fieldname: part.fieldname, filename: part.filename, mimetype: part.mimetype, data: await part.toBuffer() };
        out[part.fieldname] = file;
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) throw new AppError('invalid', FIELD_TOO_LARGE);
        out[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    throw refusal(req, err);
  }
  return out;
}
