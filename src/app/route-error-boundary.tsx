import { Component, type ReactNode } from 'react';
import RouteErrorPage from '@/features/shell/route-error-page';

interface Props {
  /** The location's key: a navigation leaves the error behind. */
  locationKey: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
  locationKey: string;
}

/** A screen crashed or its chunk failed to load: the error page replaces the shell until the visitor moves on. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, locationKey: this.props.locationKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.locationKey === state.locationKey ? null : { failed: false, locationKey: props.locationKey };
  }

  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}
