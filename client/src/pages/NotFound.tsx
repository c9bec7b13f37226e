/**
 * 404 page (platform spec §2): 找不到网页, link back to the home page.
 */
import { Box, Button, Center, Heading, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';

export default function NotFound() {
  return (
    <Center minH="100vh" bg="white" px="4">
      <Box textAlign="center" data-testid="page-404">
        <Text fontSize="7xl" fontWeight="bold" color="brand.solid" lineHeight="1">
          404
        </Text>
        <Heading size="xl" mt="4" color="#222">
          找不到网页！
        </Heading>
        <Text mt="3" color="fg.muted" fontSize="sm">
          对不起，您正在寻找的页面不存在。尝试检查URL的错误，然后按浏览器上的刷新按钮或尝试在我们的应用程序中找到其他内容。
        </Text>
        <Button asChild mt="6" colorPalette="brand" size="sm">
          <RouterLink to="/">返回首页</RouterLink>
        </Button>
      </Box>
    </Center>
  );
}
