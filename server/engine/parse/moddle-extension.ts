/**
 * The engine reads the same `flowable:` moddle descriptor the designer writes with
 * (shared/bpmn/flowable-moddle.ts), so what the designer emits is what deploy parses.
 */
export { moddlePackages, extensionDescriptor, ALIASED_URIS, FLOWABLE_URI } from '../../../shared/bpmn/flowable-moddle';
