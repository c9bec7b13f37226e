/**
 * System routers for organisation and settings: depts, parks, posts, menus, dictionaries, config
 * (platform spec §7 Menus, Dictionaries, Configuration; api-contract "System").
 */
export const settingsRouters = {};
