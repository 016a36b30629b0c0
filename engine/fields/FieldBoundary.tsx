import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';

interface FieldBoundaryProps {
  /** Changing it (another field type or component) gives the boundary a fresh try. */
  resetKey: string;
  children: ReactNode;
}

interface FieldBoundaryState {
  error: Error | null;
  resetKey: string;
}

/**
 * Catches what a field throws while rendering (an unregistered type or custom component) and shows
 * its message in the field's place, so one broken field never blanks the whole form. A field whose
 * code loads on first render (lazyNamed) leaves its place empty until it is in.
 */
export class FieldBoundary extends Component<FieldBoundaryProps, FieldBoundaryState> {
  override state: FieldBoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<FieldBoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: FieldBoundaryProps, state: FieldBoundaryState): Partial<FieldBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error.message, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <p role="alert" data-field-failure="" className="rounded-md border border-rose-300 bg-rose-50 px-3 py-2 text-sm text-rose-700">
          {this.state.error.message}
        </p>
      );
    }
    return <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}
