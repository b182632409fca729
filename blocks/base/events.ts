/**
 * The one way a block sends an event: bubbling and composed (a page listens on any ancestor, across shadow roots),
 * typed by name through `GlobalEventHandlersEventMap` (as Shoelace declares its events). Each block declares the
 * events it sends beside its class, so `el.addEventListener('catalog-map-state', (e) => e.detail.state)` is typed
 * for page code and tests alike, and `emit` accepts only a declared name with its detail.
 */
/** The detail of a declared `CustomEvent`. */
export type EventDetail<K extends keyof GlobalEventHandlersEventMap> =
  GlobalEventHandlersEventMap[K] extends CustomEvent<infer D> ? D : never;

/** Dispatches `name` with `detail` from `el`; returns false when a listener cancelled a `cancelable` event. */
export function emit<K extends keyof GlobalEventHandlersEventMap>(el: EventTarget, name: K, detail: EventDetail<K>, cancelable = false): boolean {
  return el.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable }));
}
