/**
 * A component whose code loads on demand (decision 0026), like React.lazy with two differences:
 * `preload()` starts the download early (the router does it for the opening page, a hover does it
 * for the date calendar), and once loaded the component renders at once instead of suspending for
 * one more tick, so a preloaded page never shows its loading state. A failed download is
 * forgotten, so the next render tries again instead of failing forever.
 */
import { use, type ComponentType } from 'react';

export interface LazyComponent<P extends object> {
  Component: ComponentType<P>;
  preload: () => Promise<ComponentType<P>>;
  isLoaded: () => boolean;
}

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  function Lazy(props: P) {
    // Suspends the nearest Suspense boundary until the code is here; one promise per component, so
    // React's use() sees the same thenable on every try.
    const Loaded = loaded ?? use(preload());
    return <Loaded {...props} />;
  }
  return { Component: Lazy, preload, isLoaded: () => loaded !== undefined };
}
