// The message input: 'Message {first name or everyone}...', Send disabled while the trimmed text
// is empty, Enter sends and Shift+Enter starts a new line. The input empties as a message goes;
// a failed send puts its text back (composerReducer).
import { useId, useReducer } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { MESSAGE_MAX_LENGTH } from '../../../../design-docs/src/constants.ts';
import { FormError } from '../../components/ui/index.ts';
import { CHAT_TEXTS, composerReducer, isSendKey } from './chat-logic.ts';

export interface ComposerProps {
  placeholder: string;
  /** Resolves once the message is kept on the device. */
  onSend: (text: string) => Promise<void>;
  /** A notice from the server about this room (the public room's rate limit). */
  notice?: string | null;
}

export function Composer({ placeholder, onSend, notice }: ComposerProps) {
  const [{ text, error }, dispatch] = useReducer(composerReducer, { text: '', error: null });
  const inputId = useId();
  const noticeId = useId();
  const tooLong = text.trim().length > MESSAGE_MAX_LENGTH;
  const empty = text.trim() === '';

  async function send() {
    if (empty) return;
    if (tooLong) {
      dispatch({ type: 'refused', error: `Messages are at most ${MESSAGE_MAX_LENGTH} characters` });
      return;
    }
    const sent = text;
    dispatch({ type: 'sent' });
    try {
      await onSend(sent);
    } catch (err) {
      dispatch({ type: 'failed', text: sent, error: err instanceof RangeError ? err.message : CHAT_TEXTS.sendFailed });
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
          onChange={(e) => dispatch({ type: 'typed', text: e.target.value })}
          onKeyDown={onKeyDown}
          aria-describedby={notice ? noticeId : undefined}
          aria-invalid={tooLong || undefined}
        />
        <button type="submit" className="btn btn--primary chat-composer__send" disabled={empty}>
          Send
        </button>
      </div>
    </form>
  );
}
