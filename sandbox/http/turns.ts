/**
 * Requests take turns (docs/decisions/0041-kept-list-answers.md, "New connections wait
 * their turn"): one request starts its work per turn of Node's event loop, first come first
 * served.
 *
 * Why: Node's HTTP server (libuv 1.46 on Linux) accepts one new connection per turn of the event
 * loop, and a turn lasts as long as the work of every request that arrived in it. Under load from
 * 20 open connections (a merchant's reconciliation, a CI suite) a new connection waited one whole
 * turn of everyone else's work for each connection ahead of it: hundreds of milliseconds before
 * its first request was even read. Starting one request per turn keeps each turn about one
 * request long, so connections are accepted, and requests read, in the order they came.
 *
 * The wait is a deferral, never a lock: the request whose turn it is does not hold anything while
 * it awaits (a database read, compression), so a request that calls the server itself cannot
 * deadlock.
 */

/** Waiters for a turn, oldest first. */
const waiting: (() => void)[] = [];
let turnScheduled = false;

function nextTurn(): void {
  turnScheduled = false;
  waiting.shift()?.();
  scheduleTurn();
}

function scheduleTurn(): void {
  if (turnScheduled || waiting.length === 0) return;
  turnScheduled = true;
  // An immediate queued from an immediate runs in the next turn, after Node polls for I/O
  // (accepting a connection, reading a request).
  setImmediate(nextTurn);
}

/**
 * Resolves when it is this request's turn: in a later turn of the event loop than the call, after
 * every request that asked before it. Never rejects.
 */
export function awaitTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    scheduleTurn();
  });
}
