/**
 * The route-level error boundary of the storefront and the admin: a page that throws while rendering, or
 * whose code chunk cannot be loaded, shows 'Something went wrong' with a 'Reload' button instead of a blank
 * page. A chunk that fails to load (the page is older than the current deploy) reloads the page once by
 * itself first (lib/chunk-reload.ts). Navigating to another path clears the error, so the header's links
 * still lead somewhere. On the storefront's first load: its texts are written in place, not exported
 * constants.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { buttonVariants } from '@client/components/ui/button-variants';
import { reloadOnceForChunkError, shouldReloadForChunkError } from '@client/lib/chunk-reload';

type Props = {
  /** The error is forgotten when this changes (the routers pass the path). */
  resetKey: string;
  children: ReactNode;
};

type State = { failed: boolean; reloading: boolean; resetKey: string };

export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, reloading: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, reloading: shouldReloadForChunkError(error) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey
      ? null
      : { failed: false, reloading: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (reloadOnceForChunkError(error)) return;
    console.error('A page failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    // The page is about to reload for a new deploy: nothing to show until it has.
    if (this.state.reloading) return <div role="status" aria-live="polite" className="min-h-[50vh]" />;
    return (
      <div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">
        <h1 className="font-serif text-2xl font-bold text-stone-900">Something went wrong</h1>
        <p className="text-stone-600">This page could not be shown. Reloading it usually helps.</p>
        <button type="button" className={buttonVariants({ size: 'lg' })} onClick={() => location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}
