/**
 * Common routers: uploads and downloads (platform spec §7 Uploads and downloads; reference §2
 * Files). As in RuoYi (CommonController) these need a session but no permission string: every
 * screen with an upload or a served image uses them. Uploads come only through the REST rows
 * (multipart field `file`); downloads answer a FileReply (REST envelope `file`).
 */
import { z } from 'zod';
import type { UploadedFile } from '../../core/files';
import { authedProcedure } from '../../trpc/procedures';
import { ajaxOutput } from '../../trpc/output';
import { downloadFile, downloadResource, serveProfile, storeUpload, type UploadReply } from './file.service';

const isUploadedFile = (v: unknown): v is UploadedFile =>
  typeof v === 'object' && v !== null && Buffer.isBuffer((v as UploadedFile).data) && typeof (v as UploadedFile).filename === 'string';

/** `{file}`: the multipart field `file`. */
export const uploadInput = z.object({ file: z.custom<UploadedFile>(isUploadedFile, { error: '上传文件不能为空' }) });

const text = (label: string) => z.string({ error: `${label}不能为空` }).min(1, `${label}不能为空`).max(1000);

export const downloadInput = z.object({
  fileName: text('文件名称'),
  delete: z.union([z.boolean(), z.enum(['true', 'false', ''])]).optional().transform((v) => v === true || v === 'true'),
});
export const resourceInput = z.object({ resource: text('资源文件') });
export const profileInput = z.object({ path: text('文件名称') });

/** Spread into `common` (the common domain's manifest, ./index.ts): `common.upload`, `common.download`, … */
export const commonRouters = {
  /**
   * `{file}` (RuoYi DEFAULT_ALLOWED_EXTENSION: images, office, text, archives, video, pdf; bytes
   * checked against the extension, issue 41 §4) → `{url, fileName, newFileName, originalFilename,
   * oldFilename}`. Errors: 文件格式不正确; the upload quotas' (issue 38 §7).
   */
  upload: authedProcedure.input(uploadInput)
    .meta({ rest: { method: 'POST', path: '/common/upload', input: ['multipart'], envelope: 'ajax' } })
    .output(ajaxOutput<UploadReply>())
    .mutation(({ ctx, input }) => storeUpload(ctx.deps, input.file, 'default', undefined, ctx.login.userId)),
  /** `{file}` (spec §5 file list; bytes checked likewise) → as `upload`. Errors: 文件格式不正确; the quotas'. */
  uploadFile: authedProcedure.input(uploadInput)
    .meta({ rest: { method: 'POST', path: '/common/uploadFile', input: ['multipart'], envelope: 'ajax' } })
    .output(ajaxOutput<UploadReply>())
    .mutation(({ ctx, input }) => storeUpload(ctx.deps, input.file, 'file', undefined, ctx.login.userId)),
  /** `{fileName, delete?}` → FileReply of `UPLOAD_DIR/download/<fileName>`. Errors: 文件名称(x)非法，不允许下载。. */
  download: authedProcedure.input(downloadInput)
    .meta({ rest: { method: 'GET', path: '/common/download', input: ['query'], envelope: 'file', queryToken: true } })
    .query(({ ctx, input }) => downloadFile(ctx.deps, input.fileName, input.delete)),
  /** `{resource: '/profile/…'}` → FileReply. Errors: 资源文件(x)非法，不允许下载。. */
  resource: authedProcedure.input(resourceInput)
    .meta({ rest: { method: 'GET', path: '/common/download/resource', input: ['query'], envelope: 'file', queryToken: true } })
    .query(({ ctx, input }) => downloadResource(ctx.deps, input.resource)),
  /**
   * `{path}` below `/profile/` → FileReply (served uploads). Over REST `?Authorization=` is accepted,
   * and on GET/HEAD the file cookie set at sign-in (issue 41 §3; procedures.ts signedIn).
   */
  profile: authedProcedure.input(profileInput)
    .meta({
      rest: {
        method: 'GET', path: '/profile/*', input: ['params'], mapInput: (raw) => ({ path: raw['*'] }), envelope: 'file', queryToken: true, fileCookie: true,
      },
    })
    .query(({ ctx, input }) => serveProfile(ctx.deps, input.path)),
};
