/**
 * Form pieces shared by the sign-in and register screens.
 */
import { Box, Field, Flex, Image, Input, Text } from '@chakra-ui/react';
import type { InputHTMLAttributes } from 'react';

interface TextFieldProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  error?: string;
  type?: 'text' | 'password';
  name: string;
  autoComplete?: InputHTMLAttributes<HTMLInputElement>['autoComplete'];
}

/** One input with its validation message under it. */
export function TextField({ value, onChange, placeholder, error, type = 'text', name, autoComplete }: TextFieldProps) {
  return (
    <Field.Root invalid={!!error} mb={error ? '2' : '5'}>
      <Input
        name={name}
        type={type}
        size="lg"
        h="38px"
        fontSize="sm"
        value={value}
        placeholder={placeholder}
        autoComplete={autoComplete ?? 'off'}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && <Field.ErrorText fontSize="xs">{error}</Field.ErrorText>}
    </Field.Root>
  );
}

/**
 * The captcha code input and the clickable image; `failed`: the last request for an image failed
 * (e.g. 访问过于频繁，请稍候再试): the box says 点击重试 instead of staying blank.
 */
export function CaptchaField(props: { value: string; onChange: (v: string) => void; error?: string; src: string; failed?: boolean; onRefresh: () => void }) {
  return (
    <Flex gap="3" align="flex-start">
      <Box flex="1">
        <TextField name="code" value={props.value} onChange={props.onChange} placeholder="验证码" error={props.error} />
      </Box>
      <Box w="33%" h="38px" flexShrink={0} cursor="pointer" onClick={props.onRefresh} title="看不清？换一张" data-testid="captcha-img">
        {props.src && <Image src={props.src} h="38px" w="full" objectFit="contain" alt="验证码" borderWidth="1px" borderRadius="sm" />}
        {!props.src && props.failed && (
          <Flex h="38px" align="center" justify="center" borderWidth="1px" borderRadius="sm" bg="gray.50">
            <Text fontSize="xs" color="gray.500">点击重试</Text>
          </Flex>
        )}
      </Box>
    </Flex>
  );
}
