/**
 * Transport-neutral file shapes (design.md "services never see Fastify or tRPC types"): services
 * return a FileReply and take UploadedFile inputs; the REST adapter (`server/rest/table.ts`) and
 * the tRPC procedures only carry them.
 */

/** One uploaded file as `multipart` input hands it to the procedure (field name → file). */
export interface UploadedFile {
  fieldname: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}

/** What a `file` envelope procedure returns: sent as binary with an RFC 5987 file name. */
export interface FileReply {
  fileName: string;
  contentType: string;
  body: Buffer;
}
