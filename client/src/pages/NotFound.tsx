/**
 * 404 page (platform spec §2): 找不到网页, links back to the home page and one page back (返回).
 * For a signed-in user it shows inside the layout shell (routes.tsx), so an address without a
 * menu (typed in the address bar) keeps the sidebar and navbar (issue 40 §9).
 */
import { Box, Button, Center, Flex, Heading, Text } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { NAVBAR_HEIGHT, TAGS_HEIGHT } from '../app/layout/vars';

/** Height of the page: the main area below the navbar and the tag bar. */
const MIN_H = `calc(100vh - ${NAVBAR_HEIGHT + TAGS_HEIGHT}px)`;

export default function NotFound() {
  const navigate = useNavigate();
  return (
    <Center minH={MIN_H} bg="white" px="4" py="8">
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
