/**
 * Read-only, coloured process diagram (workflow spec §2 "流程图" tabs, §4 "Diagram colouring",
 * §9 zoom step 0.1 / minimum 0.2; reference §6 "Diagram data"): bpmn-js NavigatedViewer with the
 * flowable moddle extension, fitted to the viewport, zoom buttons and a legend. Import errors are
 * logged only (spec §8).
 *
 * Props: `xml` (BPMN 2.0 XML), `nodeData?` (flowXmlAndNode's `{key, completed}[]`), `height?`
 * (default 560), `testId?` (default `flow-diagram`).
 */
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import './flow-diagram.css';
import { Box, Button, Flex, HStack, Spinner, Text } from '@chakra-ui/react';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import { useEffect, useRef, useState } from 'react';
import { moddlePackages } from '../../../../shared/bpmn/flowable-moddle';
import { diagramMarkers, type DiagramNode, type NodeDatum } from './colouring';

export interface FlowDiagramProps {
  xml: string;
  nodeData?: NodeDatum[];
  height?: string | number;
  testId?: string;
}

interface CanvasLike {
  zoom(level?: number | 'fit-viewport', center?: 'auto' | { x: number; y: number }): number;
  addMarker(id: string, marker: string): void;
}
interface ShapeLike {
  id: string;
  type: string;
  waypoints?: unknown;
  outgoing?: { id: string; type: string; target?: { id: string } }[];
  parent?: { type?: string };
}

const ZOOM_STEP = 0.1;
const ZOOM_MIN = 0.2;
const ZOOM_MAX = 4;

/** The flow nodes of an imported diagram, as the colouring rule reads them. */
function diagramNodes(all: ShapeLike[]): DiagramNode[] {
  return all
    .filter((e) => !e.waypoints && e.type.startsWith('bpmn:'))
    .map((e) => ({
      id: e.id,
      type: e.type,
      outgoing: (e.outgoing ?? [])
        .filter((c) => c.type === 'bpmn:SequenceFlow' && c.target)
        .map((c) => ({ id: c.id, targetId: c.target!.id })),
      inScope: e.parent?.type === 'bpmn:SubProcess',
    }));
}

/** The viewer; see the file comment. */
export function FlowDiagram({ xml, nodeData, height = 560, testId = 'flow-diagram' }: FlowDiagramProps) {
  const box = useRef<HTMLDivElement>(null);
  const viewer = useRef<NavigatedViewer | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [zoom, setZoom] = useState(1);

  useEffect(() => {
    if (!box.current) return;
    const v = new NavigatedViewer({ container: box.current, moddleExtensions: moddlePackages() });
    viewer.current = v;
    return () => { v.destroy(); viewer.current = null; };
  }, []);

  useEffect(() => {
    const v = viewer.current;
    if (!v || !xml) return;
    let live = true;
    setState('loading');
    v.importXML(xml).then(() => {
      if (!live) return;
      const canvas = v.get<CanvasLike>('canvas');
      const registry = v.get<{ getAll(): ShapeLike[] }>('elementRegistry');
      for (const m of diagramMarkers(diagramNodes(registry.getAll()), nodeData)) canvas.addMarker(m.id, m.marker);
      setZoom(canvas.zoom('fit-viewport', 'auto'));
      setState('ready');
    }).catch((err: unknown) => {
      console.error('流程图加载失败', err);
      if (live) setState('error');
    });
    return () => { live = false; };
  }, [xml, nodeData]);

  const canvas = () => viewer.current?.get<CanvasLike>('canvas');
  const zoomTo = (level: number) => {
    const c = canvas();
    if (!c) return;
    const next = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(level * 10) / 10));
    c.zoom(next);
    setZoom(next);
  };
  const fit = () => { const c = canvas(); if (c) setZoom(c.zoom('fit-viewport', 'auto')); };

  return (
    <Box className="flow-diagram" data-testid={testId} data-state={state} borderWidth="1px" borderColor="gray.200" rounded="md" bg="white" position="relative">
      <Flex justify="space-between" align="center" px="3" py="2" borderBottomWidth="1px" borderColor="gray.100" gap="3" wrap="wrap">
        <HStack gap="4" fontSize="xs" color="gray.600">
          <HStack gap="1.5"><Box w="14px" h="10px" rounded="2px" bg="rgba(43,196,24,0.2)" borderWidth="1.5px" borderColor="#2bc418" />已完成</HStack>
          <HStack gap="1.5"><Box w="14px" h="10px" rounded="2px" bg="rgba(245,154,35,0.2)" borderWidth="1.5px" borderStyle="dashed" borderColor="#f59a23" />进行中</HStack>
          <HStack gap="1.5"><Box w="14px" h="10px" rounded="2px" bg="white" borderWidth="1.5px" borderColor="gray.500" />未开始</HStack>
        </HStack>
        <HStack gap="1">
          <Button size="xs" variant="outline" data-testid={`${testId}-zoom-out`} disabled={zoom <= ZOOM_MIN} onClick={() => zoomTo(zoom - ZOOM_STEP)} aria-label="缩小">－</Button>
          <Text fontSize="xs" color="gray.600" minW="44px" textAlign="center" data-testid={`${testId}-zoom`}>{Math.round(zoom * 100)}%</Text>
          <Button size="xs" variant="outline" data-testid={`${testId}-zoom-in`} disabled={zoom >= ZOOM_MAX} onClick={() => zoomTo(zoom + ZOOM_STEP)} aria-label="放大">＋</Button>
          <Button size="xs" variant="outline" onClick={() => zoomTo(1)}>1:1</Button>
          <Button size="xs" variant="outline" data-testid={`${testId}-fit`} onClick={fit}>适应画布</Button>
        </HStack>
      </Flex>
      <Box position="relative" h={typeof height === 'number' ? `${height}px` : height} minH="420px">
        <Box ref={box} position="absolute" inset="0" />
        {state === 'loading' && (
          <Flex position="absolute" inset="0" align="center" justify="center" bg="whiteAlpha.700"><Spinner size="md" color="blue.500" /></Flex>
        )}
        {state === 'error' && (
          <Flex position="absolute" inset="0" align="center" justify="center" color="gray.500" fontSize="sm">流程图加载失败</Flex>
        )}
      </Box>
    </Box>
  );
}
