/** Placeholder: the chat assistant widget (fixed bottom right) arrives with the chat work. */
export function ChatWidget() {
  return null;
}
