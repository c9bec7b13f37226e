/**
 * The designer's right-hand panel slot (workflow spec §2: "A right-hand panel, 400 px wide, edits
 * the selected node"). Renders helper B2's `panel/PropertiesPanel` (contract:
 * `PropertiesPanel(props: { modeler: Modeler | null }): JSX.Element`, it follows the modeler's
 * selection itself and draws its own 400 px column).
 */
import { Box } from '@chakra-ui/react';
import type { DesignerModeler } from './modeler/create-modeler';
import { PropertiesPanel } from './panel/PropertiesPanel';

/** The property panel column of the designer. */
export function PanelSlot({ modeler }: { modeler: DesignerModeler | null }) {
  return (
    <Box w="400px" flexShrink={0} h="full" minH="0" overflow="hidden" data-testid="designer-panel">
      <PropertiesPanel modeler={modeler} />
    </Box>
  );
}
