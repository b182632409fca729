/**
 * How the author's static markup becomes DOM without eval and under Trusted Types.
 *
 * Lit turns a tagged template's strings into a `<template>` element through its own Trusted Types policy
 * (`lit-html`, which every page using these blocks already allows) and clones it; values are never parsed as HTML.
 * Lit accepts only a strings array that has an own `raw` property, the mark of a template literal: that check
 * exists because a strings array built from DATA would be `unsafeHTML` by another name. Here the array is built
 * from the template source the page author wrote (its ContentStatements), plus, in tag-name positions, the heading
 * level of `{{hinc}}` (an integer 1–6 made here) — never from metadata, which always goes into Lit's values
 * (escaped text, checked attribute values). So the array carries `raw`, frozen like a literal's, and is made once
 * per program and inline value set (Lit caches its parsed template by the array's identity).
 * No policy of our own, no `innerHTML`, no `new Function`: a page with `require-trusted-types-for 'script';
 * trusted-types lit-html` and no 'unsafe-eval' renders templates.
 */

const arrays = new WeakMap<object, Map<string, TemplateStringsArray>>();

/** A template strings array for `parts` (author markup), the same object for the same `owner` and `key`. */
export function authorStrings(owner: object, key: string, parts: readonly string[]): TemplateStringsArray {
  let byKey = arrays.get(owner);
  if (!byKey) arrays.set(owner, (byKey = new Map()));
  let strings = byKey.get(key);
  if (!strings) {
    const raw = Object.freeze([...parts]);
    strings = Object.freeze(Object.assign([...parts], { raw })) as unknown as TemplateStringsArray;
    byKey.set(key, strings);
  }
  return strings;
}
