// The message input: 'Message {first name or everyone}...', Send disabled while the trimmed text
// is empty, Enter sends and Shift+Enter starts a new line. A failed send keeps the text.
import { useId, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { MESSAGE_MAX_LENGTH } from '../../../../design-docs/src/constants.ts';
import { FormError } from '../../components/ui/index.ts';
import { CHAT_TEXTS, isSendKey } from './chat-rules.ts';

export interface ComposerProps {
  placeholder: string;
  /** Resolves once the message is kept on the device. */
  onSend: (text: string) => Promise<void>;
  /** A notice from the server about this room (the public room's rate limit). */
  notice?: string | null;
}

export function Composer({ placeholder, onSend, notice }: ComposerProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const inputId = useId();
  const noticeId = useId();
  const tooLong = text.trim().length > MESSAGE_MAX_LENGTH;
  const empty = text.trim() === '';

  async function send() {
    if (empty || sending) return;
    if (tooLong) {
      setError(`Messages are at most ${MESSAGE_MAX_LENGTH} characters`);
      return;
    }
    setSending(true);
    setError(null);
    try {
      await onSend(text);
      setText('');
    } catch (err) {
      setError(err instanceof RangeError ? err.message : CHAT_TEXTS.sendFailed);
    } finally {
      setSending(false);
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void send();
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (isSendKey({ key: e.key, shiftKey: e.shiftKey, isComposing: e.nativeEvent.isComposing })) {
      e.preventDefault();
      void send();
    }
  }

  return (
    <form className="chat-composer" onSubmit={onSubmit} aria-label="Send a message">
      {notice && (
        <p className="chat-composer__notice" id={noticeId} role="status" data-testid="chat-notice">
          {notice}
        </p>
      )}
      <FormError message={error} />
      <div className="chat-composer__row">
        <label className="visually-hidden" htmlFor={inputId}>
          Message
        </label>
        <textarea
          id={inputId}
          className="chat-composer__input field__control"
          rows={1}
          placeholder={placeholder}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
          aria-describedby={notice ? noticeId : undefined}
          aria-invalid={tooLong || undefined}
        />
        <button type="submit" className="btn btn--primary chat-composer__send" disabled={empty || sending}>
          Send
        </button>
      </div>
    </form>
  );
}
