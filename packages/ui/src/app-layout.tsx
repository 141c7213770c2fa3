import { Suspense, type ReactNode } from 'react';
import './layout.css';

export const LAYOUT_MIN_WIDTH = 800;
export const HEADER_HEIGHT = 100;

export interface AppLayoutProps {
  header: ReactNode;
  footer: ReactNode;
  children: ReactNode;
}

/**
 * Header (100 px), main area and footer, never narrower than 800 px. The Suspense
 * boundaries let a page the server rendered hydrate part by part, in short tasks, instead of in
 * one long one.
 */
export function AppLayout({ header, footer, children }: AppLayoutProps) {
  return (
    <div className="fs-app" style={{ minWidth: LAYOUT_MIN_WIDTH }}>
      <a className="fs-skip-link" href="#main">
        跳到主要内容
      </a>
      <header className="fs-app__header" style={{ height: HEADER_HEIGHT }}>
        <Suspense>{header}</Suspense>
      </header>
      <main className="fs-app__main" id="main" tabIndex={-1}>
        <Suspense>{children}</Suspense>
      </main>
      <footer className="fs-app__footer">
        <Suspense>{footer}</Suspense>
      </footer>
    </div>
  );
}
