/**
 * Form pieces shared by the sign-in and register screens.
 */
import { Box, Field, Flex, Image, Input } from '@chakra-ui/react';
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

/** The captcha code input and the clickable image. */
export function CaptchaField(props: { value: string; onChange: (v: string) => void; error?: string; src: string; onRefresh: () => void }) {
  return (
    <Flex gap="3" align="flex-start">
      <Box flex="1">
        <TextField name="code" value={props.value} onChange={props.onChange} placeholder="验证码" error={props.error} />
      </Box>
      <Box w="33%" h="38px" flexShrink={0} cursor="pointer" onClick={props.onRefresh} title="看不清？换一张" data-testid="captcha-img">
        {props.src && <Image src={props.src} h="38px" w="full" objectFit="contain" alt="验证码" borderWidth="1px" borderRadius="sm" />}
      </Box>
    </Flex>
  );
}
