/**
 * Common routers: uploads and downloads (platform spec §7 Uploads and downloads).
 */
export const commonRouters = {};
