/**
 * The designer's right-hand property panel (workflow spec §2 "Process model designer" and
 * "Property panels by element type"): 400 px wide, full height, scrollable, edits the selected
 * element or, with nothing selected, the process. Every write goes through bpmn-js `modeling`
 * (undo/redo). Needs a Modeler created with the shared flowable descriptor
 * (`moddleExtensions: moddlePackages()` from shared/bpmn/flowable-moddle.ts).
 */
import { Box, Flex, Text } from '@chakra-ui/react';
import type Modeler from 'bpmn-js/lib/Modeler';
import { KIND_TITLES } from './kind';
import { PanelSections } from './PanelSections';
import { usePanelTarget } from './usePanelTarget';

/** Contract for the modeler page: `<PropertiesPanel modeler={modeler} />`. */
export function PropertiesPanel(props: { modeler: Modeler | null }) {
  const target = usePanelTarget(props.modeler);
  return (
    <Box w="400px" minW="400px" h="full" overflowY="auto" borderLeftWidth="1px" borderColor="gray.200" bg="white" data-testid="bpmn-properties-panel">
      {!target ? (
        <Flex h="full" align="center" justify="center">
          <Text color="gray.500" fontSize="sm">请加载流程图</Text>
        </Flex>
      ) : (
        <Box key={`${target.element.id}`}>
          <Flex px="4" py="3" align="center" gap="2" borderBottomWidth="1px" borderColor="gray.200">
            <Text fontWeight="bold" fontSize="md" color="#303133" data-testid="panel-title">{KIND_TITLES[target.kind]}</Text>
            <Text fontSize="xs" color="gray.500" truncate>{target.bo.id}</Text>
          </Flex>
          <PanelSections target={target} />
        </Box>
      )}
    </Box>
  );
}
