import { Component, type ReactNode } from 'react';
import RouteErrorPage from '@/features/shell/route-error-page';
import { ChunkLoadError } from './chunk-load';

interface Props {
  /** The location's key: a navigation leaves the error behind. */
  locationKey: string;
  children: ReactNode;
}

interface State {
  /** what went wrong: the screen's chunk did not load (spec §8's chunk error), or the screen crashed */
  failed: 'chunk' | 'crash' | null;
  locationKey: string;
}

/** A screen crashed or its chunk failed to load: the error page replaces the shell until the visitor moves on. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: null, locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: error instanceof ChunkLoadError ? 'chunk' : 'crash' };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.locationKey === state.locationKey ? null : { failed: null, locationKey: props.locationKey };
  }

  override render() {
    return this.state.failed ? <RouteErrorPage cause={this.state.failed} /> : this.props.children;
  }
}
