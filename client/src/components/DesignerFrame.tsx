/**
 * What the two designers (流程设计 bpmn-js, 表单构建) share on smaller screens (issue 40 §7):
 * the notice a phone gets instead of the designer, and the property panel column that sits beside
 * the canvas on a desktop and folds behind a strip at the right edge on a tablet, opening over the
 * canvas (the designer's frame must be `position: relative`).
 *
 * Test ids: `designer-narrow-screen` (the notice), `designer-panel-slot` (the column),
 * `designer-panel-toggle` (the strip); the panel box takes the caller's `panelTestId`.
 */
import { Box, Button, Center, Flex, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Widest viewport (px) treated as a phone: the designers are not drawn there. */
export const PHONE_MAX_WIDTH = 639;

/**
 * The full-height notice shown on a phone instead of a designer. `height`: CSS height of the area;
 * `text`: the headline (wraps only at its comma); `detail`: the grey line below; `back`: an
 * optional link `{href, label}` back to the list the designer was opened from.
 */
export function NarrowScreenNotice({ height, text, detail, back }: {
  height: string; text: string; detail: string; back?: { href: string; label: string };
}) {
  return (
    <Center h={height} minH="320px" px="6" bg="white" flexDirection="column" gap="3" textAlign="center" data-testid="designer-narrow-screen">
      <Text fontSize="md" fontWeight="600" color="#303133">
        {/* Unbreakable halves: a phone wraps at the comma, not before the last character. */}
        {text.split('，').map((part, i, all) => (
          <Text as="span" key={part} display="inline-block">{part}{i < all.length - 1 ? '，' : ''}</Text>
        ))}
      </Text>
      <Text fontSize="sm" color="#909399">{detail}</Text>
      {back && <Button asChild size="sm" variant="outline" colorPalette="brand"><a href={back.href}>{back.label}</a></Button>}
    </Center>
  );
}

/**
 * A designer's property panel column. `inline`: the viewport is wide enough for the panel beside
 * the canvas (no strip then); otherwise a 22 px strip toggles it (`open`, `onToggle`) over the
 * canvas. `width`: the panel's CSS width; `stripLabel`: the strip's vertical text while folded;
 * `panelTestId`: test id of the panel box; `foldsInline`: keep the strip beside the canvas too (the
 * panel then shows only while `open`); `framed`: draw the panel box's left border (false when
 * the panel draws its own). The panel is hidden, never unmounted, so it keeps its
 * tab and follows the selection while folded.
 */
export function FoldingPanel({ inline, open, onToggle, width, stripLabel, panelTestId, foldsInline = false, framed = true, children }: {
  inline: boolean; open: boolean; onToggle: () => void; width: string; stripLabel: string; panelTestId: string; foldsInline?: boolean; framed?: boolean;
  children: ReactNode;
}) {
  const shown = open || (inline && !foldsInline);
  const label = open ? '收起属性面板' : '展开属性面板';
  return (
    <Flex h="full" minH="0" flexShrink={0} position={inline ? 'relative' : 'absolute'} right="0" top="0" bottom="0" zIndex={inline ? undefined : 3}
      bg="bg" boxShadow={!inline && open ? '-4px 0 12px rgba(0,0,0,0.12)' : undefined} data-testid="designer-panel-slot">
      {(!inline || foldsInline) && (
        <Flex as="button" w="22px" h="full" flexShrink={0} direction="column" align="center" justify="center" gap="1" bg="#f5f7fa"
          borderLeftWidth="1px" borderColor="border" color="#606266" fontSize="xs" cursor="pointer" _hover={{ bg: '#ecf5ff', color: 'brand.solid' }}
          onClick={onToggle} aria-label={label} title={label} aria-expanded={open} data-testid="designer-panel-toggle">
          <Text as="span" aria-hidden fontSize="sm" lineHeight="1">{open ? '›' : '‹'}</Text>
          {!open && <Text as="span" aria-hidden css={{ writingMode: 'vertical-rl' }} letterSpacing="2px">{stripLabel}</Text>}
        </Flex>
      )}
      <Box display={shown ? 'block' : 'none'} w={width} maxW="calc(100vw - 120px)" flexShrink={0} h="full" minH="0" overflowY="auto"
        borderLeft={framed ? '1px solid' : undefined} borderColor="border" data-testid={panelTestId}>
        {children}
      </Box>
    </Flex>
  );
}
