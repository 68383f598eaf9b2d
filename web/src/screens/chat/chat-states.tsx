// The chat's loading and error states, with the spec's texts: 'Loading chat...' (shown, and
// announced once), and an error with Retry, which reloads the page.
import { Button, Spinner } from '../../components/ui/index.ts';
import { CHAT_TEXTS } from './chat-logic.ts';

export function ChatLoading({ className = 'chat-state' }: { className?: string }) {
  return (
    <div className={className}>
      <Spinner label={CHAT_TEXTS.loading} />
      <p className="chat-state__text" aria-hidden="true">
        {CHAT_TEXTS.loading}
      </p>
    </div>
  );
}

export function ChatError({ message, className = 'chat-state' }: { message: string; className?: string }) {
  return (
    <div className={className}>
      <p className="chat-state__message" role="alert">
        {message}
      </p>
      <Button onClick={() => window.location.reload()}>{CHAT_TEXTS.retry}</Button>
    </div>
  );
}
