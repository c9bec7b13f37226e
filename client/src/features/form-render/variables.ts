/** Moved to shared/form/variables.ts (one source for the renderer, the designer and the server); re-exported here. */
export * from '../../../../shared/form/variables';
