/** The browser build of Guidepup's virtual screen reader (its package types only the Node entry): the same API. */
declare module '@guidepup/virtual-screen-reader/browser.js' {
  export { virtual } from '@guidepup/virtual-screen-reader';
}
