/**
 * Every domain of the app, in order (issue 42): the built-in ones (`server/modules/<domain>/index.ts`,
 * each a DomainManifest, ./manifest.ts) then the code generator's (./generated.ts, which the
 * generator re-emits). The order is the app router's key order (auth, home, system, monitor,
 * common, flowable, tool, then generated modules), hence the REST rows' order, and the order in
 * which install steps run. server/trpc/router.ts and server/app.ts iterate this list.
 */
import { authDomain } from './auth';
import { commonDomain } from './common';
import { flowableDomain } from './flowable';
import { generatedDomains } from './generated';
import { homeDomain } from './home';
import { monitorDomain } from './monitor';
import { systemDomain } from './system';
import { toolDomain } from './tool';

export const domains = [authDomain, homeDomain, systemDomain, monitorDomain, commonDomain, flowableDomain, toolDomain, ...generatedDomains] as const;
