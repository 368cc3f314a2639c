/**
 * What the build serves as `react`: preact/compat plus the React 19 parts it lacks that our
 * dependencies use (docs/decisions/0211-preact-renderer.md). JavaScript, because TypeScript
 * cannot re-export all of preact/compat (`export =` typings); the app type-checks against
 * @types/react.
 */
import { options } from 'preact';

export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * React Router's RouterProvider shows optimistic router states only with `useTransitions`,
 * which the portal does not turn on; without an action in flight React returns the state as is.
 * @template State
 * @param {State} state
 * @returns {[State, (action: unknown) => void]}
 */
export function useOptimistic(state) {
  return [state, () => {}];
}

// React reads `suppressHydrationWarning` (React Router's scripts carry it); Preact would write
// it out as an attribute.
const previousVNodeHook = options.vnode;
options.vnode = (vnode) => {
  const props = vnode.props;
  if (props && typeof vnode.type === 'string' && 'suppressHydrationWarning' in props)
    delete props.suppressHydrationWarning;
  previousVNodeHook?.(vnode);
};
