/**
 * Workflow procedures (api-contract "Workflow"): merges the sub-routers into one tree,
 * `flowable.definition|task|instance|runtime|process|expression|listener|form|cc` and
 * `system.deployment` (+ `system.expression|listener`, the same procedures). Each sub-router's
 * doc comment says the permissions of its rows: definition/definition.router.ts (definition,
 * process, deployment), simulate/simulate.router.ts (definition.simulate), task/task.router.ts,
 * cc/cc.router.ts (task.copy, cc), sign/sign.router.ts (task.addSign/removeSign/signers),
 * instance/instance.router.ts (instance, runtime), library/library.router.ts (expression,
 * listener, form). README.md beside this file maps every row.
 */
import { router } from '../../trpc/init';
import { ccRouter, ccTaskProcedures } from './cc/cc.router';
import { definitionProcedures, deploymentRouter, processRouter } from './definition/definition.router';
import { instanceRouter, runtimeRouter } from './instance/instance.router';
import { expressionRouter, formRouter, listenerRouter } from './library/library.router';
import { signTaskProcedures } from './sign/sign.router';
import { simulateProcedures } from './simulate/simulate.router';
import { taskProcedures } from './task/task.router';

export const flowableRouter = router({
  definition: router({ ...definitionProcedures, ...simulateProcedures }),
  task: router({ ...taskProcedures, ...ccTaskProcedures, ...signTaskProcedures }),
  instance: instanceRouter,
  runtime: runtimeRouter,
  process: processRouter,
  expression: expressionRouter,
  listener: listenerRouter,
  form: formRouter,
  cc: ccRouter,
});
/** Keys merged into `system`: `system.deployment`, and `system.expression` / `system.listener` (same procedures). */
export const flowableSystemRouters = { deployment: deploymentRouter, expression: expressionRouter, listener: listenerRouter };
