import { Component, type ReactNode } from 'react';

interface Props {
  fallback: (error: unknown) => ReactNode;
  /** When this changes (the route's path), a shown error is forgotten and the children tried again. */
  resetKey?: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  failedAt: string | undefined;
  failed: boolean;
}

/** Catches render errors and failed page chunks below it; React offers this only as a class. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failedAt: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (!state.failed) return { failedAt: props.resetKey };
    if (state.failedAt !== props.resetKey) return { error: null, failed: false, failedAt: props.resetKey };
    return null;
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
