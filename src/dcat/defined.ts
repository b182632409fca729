/** `props` without its undefined ones: a view model or a setting has no key without a value (tests compare them deeply). */
export const defined = <T extends object>(props: T): T =>
  Object.fromEntries(Object.entries(props).filter(([, v]) => v !== undefined)) as T;
