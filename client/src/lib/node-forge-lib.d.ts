/**
 * Types for `node-forge/lib/forge` (forge-rsa.ts imports node-forge's modules one by one to keep
 * the chunk small): the shared object the modules register on, typed as the whole package by
 * @types/node-forge. The other `node-forge/lib/*` modules are imported for their side effects only.
 */
declare module 'node-forge/lib/forge' {
  import * as forge from 'node-forge';
  export default forge;
}
