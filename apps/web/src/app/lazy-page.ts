/**
 * A route's page, loaded on demand (decision 0026): its code, and the libraries only it uses, download
 * when the route first renders, so the entry holds only the shell and the route table. Each entry of
 * the route table (routes-*.ts) names its page here, as React Router's own lazy routes do:
 *
 *   route('ledger', 'Built-in Ledger', lazyPage(() => import('../features/ledger/ledger-page').then((m) => m.LedgerPage)))
 *
 * A page whose component takes props (one module serving several routes) is given them per route
 * with `.with(props)`; TypeScript refuses such a page without them.
 */
import { createElement, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { lazyComponent, type LazyComponent } from '../ui/lazy-component';

/** What a route renders: its page, with the props this route gives it. */
export interface RoutePage {
  /** Starts the page's download (the router does it for the address the app opens at). */
  preload: () => Promise<unknown>;
  /** The page's element; it suspends while the code loads. */
  element: () => ReactElement;
}

export interface LazyPage<P extends object> extends LazyComponent<P> {
  /** This page as one route renders it, with that route's props. */
  with: (props: P) => RoutePage;
}

/** The props of a page component (a page without any takes none). */
type PropsOf<C> = C extends (props: infer P extends object) => ReactNode ? P : object;

/** A page that needs no props is a route's page as it is; one that needs some is given them with `.with()`. */
export type PageOf<C> = LazyPage<PropsOf<C>> & (object extends PropsOf<C> ? RoutePage : unknown);

export function lazyPage<C extends (props: never) => ReactNode>(load: () => Promise<C>): PageOf<C> {
  type P = PropsOf<C>;
  // One lazy component per page module, shared by the routes that render it (declare the page once
  // above those entries): moving between them keeps the same component, and its state, on screen.
  const lazy = lazyComponent(load as unknown as () => Promise<ComponentType<P>>);
  const withProps = (props: P): RoutePage => ({ preload: lazy.preload, element: () => createElement(lazy.Component, props) });
  // The type offers element() only for a page whose props are all optional.
  return { ...lazy, with: withProps, element: () => createElement(lazy.Component, {} as P) } as PageOf<C>;
}
