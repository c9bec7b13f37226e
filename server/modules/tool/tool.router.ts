/**
 * System tool routers (`tool.*`): the code generator (workflow spec §2 "Code generator").
 */
import { genRouter } from './gen/gen.router';

export const toolRouters = {
  gen: genRouter,
};
