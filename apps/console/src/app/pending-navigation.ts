// Where the router is going, read from the router itself when asked (not as the last render saw
// it: the router renders its state in a transition). A list's debounced search that settles while
// the person is already on the way to a row's detail must not navigate back to the list
// (use-list-query.ts). main.tsx connects the router; tests and code outside it see none.

let source: () => string | null = () => null;

export function readPendingNavigationFrom(read: () => string | null) {
  source = read;
}

/** The path of the navigation under way, or null when none is. */
export const pendingNavigation = () => source();
