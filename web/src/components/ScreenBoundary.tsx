/**
 * The last guard of a screen: an error nothing else caught (a bug, a refused path) shows in words with a way back,
 * instead of React unmounting the app into a blank page. A new address tries the screen again.
 */
import { Component, type ReactNode } from 'react';

interface Props {
  /** The address shown: a change clears the error. */
  at: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  at: string;
}

export class ScreenBoundary extends Component<Props, State> {
  override state: State = { error: null, at: this.props.at };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.at === state.at ? null : { error: null, at: props.at };
  }

  override componentDidCatch(error: Error): void {
    console.error('a screen failed', error);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <section className="card error screen-failed" role="alert">
        <h1>This screen could not be shown</h1>
        <p>{error.message}</p>
        <p>
          <a href="#/">Back to the start</a> or{' '}
          <button type="button" className="link-button" onClick={() => location.reload()}>
            reload the page
          </button>
          .
        </p>
      </section>
    );
  }
}
