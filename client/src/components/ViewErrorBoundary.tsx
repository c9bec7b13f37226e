/**
 * Catches render errors of one view so the shell stays usable; shows the message and a retry.
 */
import { Box, Button, Text } from '@chakra-ui/react';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

export class ViewErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <Box p="5">
        <Box bg="white" borderRadius="md" p="6" borderWidth="1px" data-testid="view-error">
          <Text fontWeight="bold" color="red.600" mb="2">
            页面加载出错
          </Text>
          <Text fontSize="sm" color="fg.muted" mb="4" whiteSpace="pre-wrap">
            {this.state.error.message}
          </Text>
          <Button size="sm" variant="outline" onClick={() => this.setState({ error: null })}>
            重试
          </Button>
        </Box>
      </Box>
    );
  }
}
