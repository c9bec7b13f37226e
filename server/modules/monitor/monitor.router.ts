/**
 * Monitor routers: login log, operation log, online users (api-contract "System, monitor, common").
 */
export const monitorRouters = {};
