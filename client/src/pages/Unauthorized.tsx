/**
 * 401 page (platform spec §2, §8): no access permission; buttons 返回首页 and 返回 (one page back).
 */
import { Box, Button, Center, Flex, Heading, Text } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate } from 'react-router';

export default function Unauthorized() {
  const navigate = useNavigate();
  return (
    <Center minH="100vh" bg="white" px="4">
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
