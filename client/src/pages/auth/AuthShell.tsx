/**
 * Frame of the sign-in and register screens: background, centred card with the platform
 * title, copyright footer (platform spec §2).
 */
import { Box, Flex, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { APP_TITLE } from '../../lib/stores/settings-store';

export const COPYRIGHT = `Copyright © 2018-${new Date().getFullYear()} caishui All Rights Reserved.`;

export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <Flex
      minH="100vh"
      align="center"
      justify="center"
      direction="column"
      bgGradient="to-br"
      gradientFrom="#1f3b64"
      gradientVia="#2b5a8f"
      gradientTo="#3c7fb8"
      position="relative"
      px="4"
    >
      <Box bg="white" borderRadius="md" w="full" maxW="400px" px="6" pt="6" pb="2" boxShadow="lg">
        <Heading as="h3" size="lg" textAlign="center" color="#707070" mb="5" fontWeight="600">
          {APP_TITLE}
        </Heading>
        {children}
      </Box>
      <Text position="fixed" bottom="0" h="40px" lineHeight="40px" w="full" textAlign="center" color="white" fontSize="xs" letterSpacing="1px">
        {COPYRIGHT}
      </Text>
    </Flex>
  );
}
