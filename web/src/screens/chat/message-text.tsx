// A message's text, as text: only http(s) addresses become links, opening in a new tab.
import { messageParts } from './chat-logic.ts';

export function MessageText({ text }: { text: string }) {
  return (
    <p className="chat-msg__text">
      {messageParts(text).map((part, i) =>
        part.kind === 'link' ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}
