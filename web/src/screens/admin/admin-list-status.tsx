// The two states every admin list shares: loading, and the 'Error' panel
// with its Try again. `children` adds a line under the message (drafts kept on the device).
import type { ReactNode } from 'react';
import { Button, Spinner } from '../../components/ui/index.ts';

export function AdminListLoading() {
  return (
    <div className="list-status" role="status">
      <Spinner size="sm" />
      <p>Loading...</p>
    </div>
  );
}

export function AdminLoadError({ message, onRetry, children }: { message: string; onRetry(): void; children?: ReactNode }) {
  return (
    <div className="admin-panel" role="alert" data-testid="load-error">
      <h2>Error</h2>
      <p>{message}</p>
      {children}
      <div>
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </div>
  );
}
