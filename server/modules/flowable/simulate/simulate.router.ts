/**
 * 流程模拟 (issue 16): `flowable.definition.simulate`, merged into the definition procedures by
 * ../flowable.router.ts. Needs `system:deployment:add` like definition save; runs the model on a
 * throwaway `:memory:` engine (simulate.service.ts), nothing deployed or written.
 */
import { simulateInput } from '../../../../shared/schemas/flowable/simulate';
import { permProcedure } from '../../../trpc/procedures';
import { simulateModel } from './simulate.service';

export const simulateProcedures = {
  /** Runs `{xml}` on a throwaway engine, deploys nothing → simulate.service.ts `SimulateResult`. */
  simulate: permProcedure('system:deployment:add').input(simulateInput)
    .meta({ rest: { method: 'POST', path: '/flowable/definition/simulate', input: ['body'], envelope: 'data' } })
    .mutation(({ ctx, input }) => simulateModel(ctx.deps, ctx.login, input)),
};
