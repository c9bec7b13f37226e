/**
 * The frame of the 404 and 401 pages (platform spec §2): a big code, a heading, one line of text
 * and the buttons 返回首页 and 返回 (one page back). Shown inside the layout shell for a signed-in
 * user (routes.tsx, issue 40 §9), so its height is the main area below the navbar and tag bar.
 */
import { Box, Button, Center, Flex, Heading, Text } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { NAVBAR_HEIGHT, TAGS_HEIGHT } from '../lib/layout-vars';

const MIN_H = `calc(100vh - ${NAVBAR_HEIGHT + TAGS_HEIGHT}px)`;

export interface ErrorPageProps {
  /** The big figure, e.g. '404'. */
  code: string;
  /** Colour token of the figure. */
  codeColor: string;
  heading: string;
  text: string;
  /** `data-testid` of the page box (page-404, page-401). */
  testId: string;
}

/** One error page: the figure, heading, text and the two ways out. */
export function ErrorPage({ code, codeColor, heading, text, testId }: ErrorPageProps) {
  const navigate = useNavigate();
  return (
    <Center minH={MIN_H} bg="white" px="4" py="8">
      <Box textAlign="center" data-testid={testId}>
        <Text fontSize="7xl" fontWeight="bold" color={codeColor} lineHeight="1">
          {code}
        </Text>
        <Heading size="xl" mt="4" color="#222">
          {heading}
        </Heading>
        <Text mt="3" color="fg.muted" fontSize="sm">
          {text}
        </Text>
        <Flex gap="3" justify="center" mt="6">
          <Button asChild colorPalette="brand" size="sm">
            <RouterLink to="/">返回首页</RouterLink>
          </Button>
          <Button variant="outline" size="sm" onClick={() => navigate(-1)}>
            返回
          </Button>
        </Flex>
      </Box>
    </Center>
  );
}
