import { useCallback, useRef } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';

/** A change to the address's search params: the next params, built from the latest ones. */
export type AddressChange = (latest: URLSearchParams) => URLSearchParams | Record<string, string>;

/** What this page wrote to the address and the router has not shown yet. */
interface Unshown {
  /** Every address the chain of changes went through, its start included. */
  addresses: Set<string>;
  latest: URLSearchParams;
}

/**
 * The address's search params, and a setter that builds each change on the latest ones.
 *
 * React Router's own setter builds on the params of the render it was made in, and the router
 * renders a navigation as a transition, later. Two changes before that render (From then To
 * typed quickly, a busy machine) would lose the first. Here a change builds on what the last one
 * wrote until the router shows it, or shows an address of its own (a link, the Back button).
 */
export function useAddressParams(): [URLSearchParams, (change: AddressChange, options?: NavigateOptions) => void] {
  const [params, setParams] = useSearchParams();
  const shownParams = useRef(params);
  const unshown = useRef<Unshown | null>(null);
  const shown = params.toString();
  if (unshown.current && (unshown.current.latest.toString() === shown || !unshown.current.addresses.has(shown))) {
    unshown.current = null;
  }
  shownParams.current = params;

  const update = useCallback(
    (change: AddressChange, options?: NavigateOptions) => {
      const base = unshown.current?.latest ?? shownParams.current;
      const next = new URLSearchParams(change(new URLSearchParams(base)));
      const addresses = unshown.current?.addresses ?? new Set([base.toString()]);
      addresses.add(next.toString());
      unshown.current = { addresses, latest: next };
      setParams(next, options);
    },
    [setParams],
  );
  return [params, update];
}
