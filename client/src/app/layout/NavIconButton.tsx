/**
 * A navbar icon button with a tooltip-like title.
 */
import { Flex } from '@chakra-ui/react';
import { forwardRef, type ComponentProps } from 'react';
import { Icon } from '../../components/Icon';

interface Props extends ComponentProps<typeof Flex> {
  label: string;
  icon: string;
}

export const NavIconButton = forwardRef<HTMLDivElement, Props>(function NavIconButton({ label, icon, ...rest }, ref) {
  return (
    <Flex
      ref={ref}
      as="button"
      aria-label={label}
      title={label}
      h="50px"
      px="2"
      align="center"
      justify="center"
      fontSize="18px"
      color="#5a5e66"
      cursor="pointer"
      _hover={{ bg: 'rgba(0,0,0,.025)' }}
      {...rest}
    >
      <Icon menu={icon} />
    </Flex>
  );
});
