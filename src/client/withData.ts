import type { ComponentType } from 'react';

type Loaded<P> = () => Promise<{ default: ComponentType<P> }>;

/**
 * For React.lazy: a module's component loaded together with the data layer (src/client/data.tsx)
 * and rendered inside its providers. `pick` chooses the component of the module (its default export
 * when left out).
 */
export function withData<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Loaded<P>;
export function withData<M, P extends object>(load: () => Promise<M>, pick: (m: M) => ComponentType<P>): Loaded<P>;
export function withData<M, P extends object>(load: () => Promise<M>, pick?: (m: M) => ComponentType<P>): Loaded<P> {
  const component = pick ?? ((m: M) => (m as { default: ComponentType<P> }).default);
  return () => Promise.all([load(), import('./data')]).then(([m, data]) => ({ default: data.provided(component(m)) }));
}
