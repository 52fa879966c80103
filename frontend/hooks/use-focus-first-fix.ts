import { useCallback, useEffect, useState } from "react";

/**
 * After a refusal marked short lines: focus goes to the first line's fix, the next thing to do (the
 * toast has said why). Called when the lines were marked; the focus moves once they have rendered.
 */
export function useFocusFirstFix(): () => void {
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests > 0) document.querySelector<HTMLElement>(".line-stock__fix")?.focus();
  }, [requests]);
  return useCallback(() => setRequests((n) => n + 1), []);
}
