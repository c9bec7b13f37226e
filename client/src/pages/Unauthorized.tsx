/**
 * 401 page (platform spec §2, §8): no access permission; buttons 返回首页 and 返回 (one page back).
 * Shown inside the layout shell for a signed-in user (routes.tsx, issue 40 §9).
 */
import { Box, Button, Center, Flex, Heading, Text } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { NAVBAR_HEIGHT, TAGS_HEIGHT } from '../app/layout/vars';

/** Height of the page: the main area below the navbar and the tag bar. */
const MIN_H = `calc(100vh - ${NAVBAR_HEIGHT + TAGS_HEIGHT}px)`;

export default function Unauthorized() {
  const navigate = useNavigate();
  return (
    <Center minH={MIN_H} bg="white" px="4" py="8">
      <Box textAlign="center" data-testid="page-401">
        <Text fontSize="7xl" fontWeight="bold" color="orange.400" lineHeight="1">
          401
        </Text>
        <Heading size="xl" mt="4" color="#222">
          401错误!
        </Heading>
        <Text mt="3" color="fg.muted">
          对不起，您没有访问权限，请不要进行非法操作！
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
