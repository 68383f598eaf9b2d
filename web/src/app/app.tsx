// The app: the data layer in context, the toasts, the session-ready signal and the router.
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ToastProvider } from '../components/ui/toast.tsx';
import type { DataLayer } from '../data/index.ts';
import { DataLayerContext } from '../data/react.ts';
import { routes } from './routes.tsx';
import { SessionReadyContext } from '../data/session-ready.ts';
import type { ReadySignal } from '../data/session-ready.ts';

export function App({ data, ready }: { data: DataLayer; ready: ReadySignal }) {
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <DataLayerContext.Provider value={data}>
      <SessionReadyContext.Provider value={ready}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </SessionReadyContext.Provider>
    </DataLayerContext.Provider>
  );
}
