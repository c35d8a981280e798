import { useMemo, useRef } from "react";

/** For a request whose answer is shown only if no later one was asked for: `ask()` before
 * sending returns a check, true while no later `ask()` or `forget()` came. An answer that
 * fails it is older than what is shown (a list asked for twice, an address checked before
 * the last one) and would undo it. `forget()` makes every answer still out stale: the
 * dialog was closed, or a change was saved that those answers may have been read before. */
export function useLatestAnswer() {
  const turn = useRef(0);
  return useMemo(
    () => ({
      ask: () => {
        const asked = ++turn.current;
        return () => asked === turn.current;
      },
      forget: () => {
        turn.current += 1;
      },
    }),
    [],
  );
}
